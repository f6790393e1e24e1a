/** One cell of a CSV file: text, a number, or nothing. */
export type CsvCell = string | number | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, written as RFC 4180 wants: quoted when it holds a comma, a quote or a line break,
 * quotes doubled. Text that a spreadsheet would run as a formula gets a leading apostrophe, which
 * spreadsheets show as text; numbers are written as numbers, so -5 stays a number.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows (the first one the header) as CSV text, lines ended by CRLF as RFC 4180 says. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name safe on every system: lower case words joined by dashes, then `.csv`. */
export function csvFileName(...parts: string[]): string {
  const name = parts
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${name || 'export'}.csv`;
}

/** Saves `csv` as a file in the browser, with a byte-order mark so Excel reads it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
