/**
 * Paths under /business/ that are pages, not businesses: a business may not take them as its slug,
 * or its public page would be that page.
 */
export const RESERVED_BUSINESS_SLUGS: readonly string[] = ['new', 'orders', 'research-and-shop'];

/** `wanted`, or the first of `wanted-2`, `wanted-3`, ... that is not `used`. */
export function firstFreeSlug(wanted: string, used: ReadonlySet<string>): string {
  if (!used.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!used.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** A URL path segment from a name: "Chalk Knoll Cellars" -> "chalk-knoll-cellars". */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/, '');
  return slug || 'business';
}
