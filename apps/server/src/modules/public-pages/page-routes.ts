import { RESERVED_BUSINESS_SLUGS } from '@bevy/core';

/**
 * The web app's public pages, by path: the allowlist of what search engines may index. Every
 * other page (seller area, account, checkout, admin, unknown paths) is marked noindex.
 */
export type PublicPage =
  | { kind: 'product'; slug: string; id: number }
  | { kind: 'business'; slug: string }
  | { kind: 'event'; key: string }
  | { kind: 'club'; slug: string; club: string }
  | { kind: 'static' };

/** Public pages with nothing of their own to describe: the template's title serves. */
const STATIC_PAGES = new Set(['/shop', '/events', '/about', '/sell', '/tos', '/privacy']);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function matchPublicPage(pathname: string): PublicPage | null {
  if (STATIC_PAGES.has(pathname)) return { kind: 'static' };
  const parts = pathname.split('/').slice(1).map(decode);
  if (parts.some((part) => part === null || part === '')) return null;
  const [first, slug, third, fourth, ...rest] = parts as string[];
  if (first === 'events' && slug && third === undefined) return { kind: 'event', key: slug };
  if (first !== 'business' || !slug || RESERVED_BUSINESS_SLUGS.includes(slug)) return null;
  if (rest.length > 0) return null;
  if (third === undefined) return { kind: 'business', slug };
  if (third === 'item' && fourth && /^[1-9]\d{0,9}$/.test(fourth)) {
    return { kind: 'product', slug, id: Number(fourth) };
  }
  if (third === 'clubs' && fourth) return { kind: 'club', slug, club: fourth };
  return null;
}
