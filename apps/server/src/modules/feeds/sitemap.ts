import { escapeXml, w3cDate } from './xml';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  /** An absolute URL. */
  loc: string;
  lastmod: Date | null;
}

const latest = (entries: readonly SitemapEntry[]): Date | null =>
  entries.reduce<Date | null>(
    (found, entry) => (entry.lastmod && (!found || entry.lastmod > found) ? entry.lastmod : found),
    null,
  );

function locAndLastmod(entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : '';
  return `<loc>${escapeXml(entry.loc)}</loc>${lastmod}`;
}

/** A `<urlset>` of the entries (at most SITEMAP_MAX_URLS of them). */
export function urlsetXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => `  <url>${locAndLastmod(entry)}</url>\n`).join('');
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n${urls}</urlset>\n`;
}

/** A `<sitemapindex>` naming the files, each with its newest entry's date. */
export function sitemapIndexXml(files: readonly SitemapEntry[]): string {
  const items = files.map((file) => `  <sitemap>${locAndLastmod(file)}</sitemap>\n`).join('');
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${items}</sitemapindex>\n`;
}

/** The site's sitemap as files: one `<urlset>` when it fits, else an index over numbered parts. */
export type Sitemap =
  | { kind: 'single'; entries: readonly SitemapEntry[] }
  | { kind: 'split'; parts: readonly (readonly SitemapEntry[])[] };

export function splitSitemap(
  entries: readonly SitemapEntry[],
  perFile: number = SITEMAP_MAX_URLS,
): Sitemap {
  if (entries.length <= perFile) return { kind: 'single', entries };
  const parts: SitemapEntry[][] = [];
  for (let at = 0; at < entries.length; at += perFile) parts.push(entries.slice(at, at + perFile));
  return { kind: 'split', parts };
}

/** The index of a split sitemap: part `n` (from 1) is at `partUrl(n)`. */
export function indexOf(
  parts: readonly (readonly SitemapEntry[])[],
  partUrl: (n: number) => string,
): string {
  return sitemapIndexXml(
    parts.map((part, at) => ({ loc: partUrl(at + 1), lastmod: latest(part) })),
  );
}
