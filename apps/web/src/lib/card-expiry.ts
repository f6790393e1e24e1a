/** "MM/YY", "MM / YYYY", "0130": month and four-digit year, or NaN where it cannot be read. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { expMonth: Number.NaN, expYear: Number.NaN };
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year };
}
