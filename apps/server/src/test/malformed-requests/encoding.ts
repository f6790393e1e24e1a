/** Values as JSON and as GraphQL literals, and percent-encoding, for the fuzz test. */

/** A number written exactly as given: beyond what a double holds, or Infinity once parsed. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** An enum value: a bare name in a GraphQL literal, a string in JSON. */
export class EnumName {
  constructor(readonly name: string) {}
}

/** JSON text of a value; RawNumber keeps its text, strings with lone surrogates get \u escapes. */
export function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof EnumName) return JSON.stringify(value.name);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/** A GraphQL string literal: control characters and lone surrogates as \u escapes. */
function graphqlString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const nextCode = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && nextCode >= 0xdc00 && nextCode <= 0xdfff) {
      out += text[i]! + text[i + 1]!;
      i++;
    } else if (code === 0x22) out += '\\"';
    else if (code === 0x5c) out += '\\\\';
    else if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\u${hex4(code)}`;
    } else out += text[i]!;
  }
  return `${out}"`;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A GraphQL literal of a value (input objects with names that are not GraphQL names are dropped). */
export function toLiteral(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof EnumName) return value.name;
  if (typeof value === 'string') return graphqlString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '1e400';
  if (typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(', ')}]`;
  const entries = Object.entries(value).filter(
    ([key, item]) => item !== undefined && NAME.test(key),
  );
  return `{${entries.map(([key, item]) => `${key}: ${toLiteral(item)}`).join(', ')}}`;
}

/** Percent-encodes every code unit's UTF-8 (lone surrogates as their invalid 3-byte form). */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encode by hand below.
  }
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}
