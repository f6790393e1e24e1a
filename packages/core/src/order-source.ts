/**
 * Where an order came from: the marketing channel a buyer arrived by (a share link's utm_source,
 * utm_medium and utm_campaign, or the site that referred them). Labels only: anyone can type them
 * into a URL, so they are normalized to a short safe alphabet, and a label that cannot be is
 * dropped rather than refusing the checkout it rides along with.
 */

/** The most characters of each label. */
export const ORDER_SOURCE_MAX_LENGTH = 64;

const LABEL = /^[a-z0-9][a-z0-9._-]*$/;

/** "  Facebook Ads " → "facebook-ads"; null for what is empty, too long or not a plain label. */
export function normalizeSourceLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const label = value.trim().toLowerCase().replace(/\s+/g, '-');
  if (label.length === 0 || label.length > ORDER_SOURCE_MAX_LENGTH) return null;
  return LABEL.test(label) ? label : null;
}

export interface OrderSource {
  source: string;
  medium: string | null;
  campaign: string | null;
}

/** The labels normalized; null when the source itself is missing or unusable. */
export function normalizeOrderSource(value: unknown): OrderSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const given = value as Record<string, unknown>;
  const source = normalizeSourceLabel(given.source);
  if (!source) return null;
  return {
    source,
    medium: normalizeSourceLabel(given.medium),
    campaign: normalizeSourceLabel(given.campaign),
  };
}

/** "facebook (social)", or just "facebook" without a medium. */
export function orderSourceLabel(source: Pick<OrderSource, 'source' | 'medium'>): string {
  return source.medium ? `${source.source} (${source.medium})` : source.source;
}
