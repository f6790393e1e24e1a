/**
 * Text made safe for XML 1.0: markup characters escaped, and the characters XML forbids (most
 * control characters, lone surrogates, U+FFFE/U+FFFF) dropped, since a seller's text may hold
 * them and one would make the whole document unreadable to a crawler.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>text</name>`, the text escaped. */
export const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** A W3C datetime (what sitemaps' lastmod takes), to the second. */
export const w3cDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
