import { scriptSafeJson } from './json-ld';
import type { Preview } from './previews';
import { SHARE_IMAGE } from './share-card';
import { oembedUrl } from './urls';

/** Text for an HTML attribute value or element content: nothing in it can end either. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

export const NOINDEX_TAG = meta('name', 'robots', 'noindex');

/**
 * The <head> tags of a page with a preview: title, description, canonical address, Open Graph,
 * Twitter card, oEmbed discovery and JSON-LD. They replace the template's title and description.
 */
export function previewTags(preview: Preview, origin: string, siteName: string): string {
  const title = `${preview.title} | ${siteName}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', preview.ogType),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('property', 'og:image', preview.image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', preview.image.alt),
    ...preview.og.map(([key, value]) => meta('property', key, value)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image.url),
    meta('name', 'twitter:image:alt', preview.image.alt),
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(
      oembedUrl(origin, preview.url),
    )}" title="${escapeHtml(preview.title)}" />`,
    `<script type="application/ld+json">${scriptSafeJson(preview.jsonLd)}</script>`,
  ];
  if (!preview.listed) tags.push(NOINDEX_TAG);
  // Only a picture of this site: a preload elsewhere would tell that host who is looking.
  if (preview.leadImage && /^\/(?!\/)/.test(preview.leadImage)) {
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(preview.leadImage)}" />`,
    );
  }
  return tags.join('\n    ');
}
