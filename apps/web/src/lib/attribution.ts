import { normalizeSourceLabel, type OrderSource } from '@bevy/core';

/**
 * Where a buyer came from, for the producers' "sales by source": the last non-direct touch (a
 * link with utm_* tags, else a referring site) seen on landing, kept for 30 days in this browser
 * and sent with the next checkout. A direct visit keeps what an earlier touch recorded.
 */

export const ATTRIBUTION_KEY = 'bevy.attribution';
export const ATTRIBUTION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

interface StoredAttribution extends OrderSource {
  /** When it was recorded, in epoch milliseconds. */
  at: number;
}

/**
 * Whether the browser sends Global Privacy Control. We honour it as an opt-out of sharing, which
 * attribution is (it tells producers where a buyer came from): nothing is recorded or sent.
 */
export function sendsGlobalPrivacyControl(
  nav: { globalPrivacyControl?: boolean } | undefined = globalThis.navigator as
    { globalPrivacyControl?: boolean } | undefined,
): boolean {
  return nav?.globalPrivacyControl === true;
}

/** What this landing says of where the visitor came from; null for a direct visit. */
export function touchOf(url: URL, referrer: string): OrderSource | null {
  const source = normalizeSourceLabel(url.searchParams.get('utm_source'));
  if (source) {
    return {
      source,
      medium: normalizeSourceLabel(url.searchParams.get('utm_medium')),
      campaign: normalizeSourceLabel(url.searchParams.get('utm_campaign')),
    };
  }
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  // Our own pages (a reload, a link between tabs) are not a source.
  if (!/^https?:$/.test(from.protocol) || from.host === url.host) return null;
  const host = normalizeSourceLabel(from.hostname.replace(/^www\./, ''));
  return host ? { source: host, medium: 'referral', campaign: null } : null;
}

/**
 * Records this landing's touch, if any, and takes the utm_* tags out of the address bar, so that a
 * link copied from it does not credit this channel with the next visitor's order. Runs once at
 * start, before the router reads the location; storage that refuses (private modes) is ignored.
 */
export function captureAttribution(
  win: Pick<Window, 'location' | 'history' | 'localStorage'> = window,
  referrer: string = document.referrer,
  now: number = Date.now(),
  optedOut: boolean = sendsGlobalPrivacyControl(),
): void {
  const url = new URL(win.location.href);
  const touch = touchOf(url, referrer);
  if (optedOut) {
    try {
      win.localStorage.removeItem(ATTRIBUTION_KEY);
    } catch {
      // Nothing stored where storage refuses.
    }
  } else if (touch) {
    try {
      const stored: StoredAttribution = { ...touch, at: now };
      win.localStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(stored));
    } catch {
      // No storage: the order simply goes unattributed.
    }
  }
  const tagged = UTM_PARAMS.filter((name) => url.searchParams.has(name));
  if (tagged.length === 0) return;
  for (const name of tagged) url.searchParams.delete(name);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The recorded source for checkout, or null when none was recorded or it is over 30 days old. */
export function currentAttribution(
  storage: Pick<Storage, 'getItem' | 'removeItem'> = window.localStorage,
  now: number = Date.now(),
  optedOut: boolean = sendsGlobalPrivacyControl(),
): OrderSource | null {
  if (optedOut) return null;
  let stored: Partial<StoredAttribution>;
  try {
    stored = JSON.parse(storage.getItem(ATTRIBUTION_KEY) ?? 'null') ?? {};
  } catch {
    return null;
  }
  const source = normalizeSourceLabel(stored.source);
  const fresh = typeof stored.at === 'number' && now - stored.at <= ATTRIBUTION_TTL_MS;
  if (!source || !fresh) {
    try {
      storage.removeItem(ATTRIBUTION_KEY);
    } catch {
      // Nothing to forget where storage refuses.
    }
    return null;
  }
  return {
    source,
    medium: normalizeSourceLabel(stored.medium),
    campaign: normalizeSourceLabel(stored.campaign),
  };
}
