import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Pinot Noir')).toBe('Pinot Noir');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(0)).toBe('0');
  });

  it('writes nothing for a missing value or a number that is not one', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Red, white')).toBe('"Red, white"');
    expect(csvCell('The "Reserve"')).toBe('"The ""Reserve"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it.each(['=SUM(A1:A2)', '+1', '-1+2', '@cmd', '\tTab', '\rstart'])(
    'guards %j, which a spreadsheet would run, with an apostrophe',
    (text) => {
      expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('quotes a guarded cell that also needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('does not guard those characters later in the text', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x@example.com')).toBe('x@example.com');
  });
});

describe('toCsv', () => {
  it('joins cells with commas and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Product', 'Units'],
        ['Riesling, dry', 3],
        ['=cmd', null],
      ]),
    ).toBe('Product,Units\r\n"Riesling, dry",3\r\n\'=cmd,\r\n');
  });
});

describe('csvFileName', () => {
  it('makes a safe file name from words', () => {
    expect(csvFileName('Hill Winery', 'Top products', '2026-10-29', '2026-11-27')).toBe(
      'hill-winery-top-products-2026-10-29-2026-11-27.csv',
    );
    expect(csvFileName('***')).toBe('export.csv');
  });
});
