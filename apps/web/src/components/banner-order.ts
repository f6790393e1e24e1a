/** A banner as GET /banners returns it. */
export interface Banner {
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
}

/** Where the browser remembers the banners dismissed in it. */
export const DISMISSED_BANNERS_KEY = 'bevy:dismissedBanners';

/**
 * A banner's identity for remembering its dismissal: a hash of everything it shows (GET /banners
 * carries no id or edit time), so a banner an admin edits is new and shows again.
 */
export function bannerKey(banner: Banner): string {
  const content = JSON.stringify([banner.type, banner.lines, banner.link, banner.dismissible]);
  // FNV-1a, 32 bits: short keys in storage; a collision would only hide an edited banner.
  let hash = 0x811c9dc5;
  for (let index = 0; index < content.length; index += 1) {
    hash ^= content.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}-${content.length.toString(36)}`;
}

/** The stored list of dismissed keys; anything else in storage counts as none dismissed. */
export function parseDismissedKeys(stored: string | undefined): string[] {
  try {
    const value: unknown = stored ? JSON.parse(stored) : [];
    return Array.isArray(value) ? value.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The banners to show, in order: every banner that cannot be dismissed (the 21+ notice must be
 * seen first, and would otherwise hide everything after it), then the first dismissible banner
 * not yet dismissed; dismissing it reveals the next.
 */
export function visibleBanners(banners: readonly Banner[], dismissed: readonly string[]): Banner[] {
  const permanent = banners.filter((banner) => !banner.dismissible);
  const next = banners.find(
    (banner) => banner.dismissible && !dismissed.includes(bannerKey(banner)),
  );
  return next ? [...permanent, next] : permanent;
}

/** The dismissed keys to keep: the ones of banners still served, plus the newly dismissed one. */
export function withDismissal(
  dismissed: readonly string[],
  banner: Banner,
  current: readonly Banner[],
): string[] {
  const currentKeys = new Set(current.map(bannerKey));
  const kept = dismissed.filter((key) => currentKeys.has(key));
  const key = bannerKey(banner);
  return kept.includes(key) ? kept : [...kept, key];
}
