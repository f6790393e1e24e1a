/**
 * A link target that cannot run script: an absolute http(s) URL, or (when allowed) a path on this
 * site. Anything else, such as `javascript:` or `data:`, gives null and the link is not rendered.
 */
export function safeLinkTarget(
  url: string | null | undefined,
  { allowPath = false }: { allowPath?: boolean } = {},
): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  // Browsers read a backslash as a slash, so "/\evil.example" would leave the site.
  if (allowPath && /^\/(?![/\\])/.test(trimmed) && !trimmed.includes('\\')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
