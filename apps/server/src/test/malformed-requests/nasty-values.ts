/** Nasty values: odd strings, edge-case numbers and values of the wrong kind. */
import { RawNumber } from './encoding';
import type { Rng } from './random';

const SQLISH = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) OR (1=1',
  '%',
  '_',
  '\\',
  "O'Brien",
  '"quoted"',
  '$1',
  '::int',
];

const WEIRD = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  'NUL \u0000 in the middle',
  '\u0000\u0000\u0000',
  '\ud800',
  'x\udc00y',
  'wine \ud83d',
  '\uffff',
  '\ufeffbom',
  '\u202eevil',
  '\u200b',
  'e\u0301',
  'Ch\u00e2teau \u00dcn\u00efc\u00f8d\u00e9 \ud83c\udf77',
  '\u0085\u2028\u2029',
  '\u001b[31mred',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '..\\..\\win.ini',
  '${{7*7}}',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '[object Object]',
  '{"a":1}',
  '2020-13-45',
  '0000-00-00',
  '9999-12-31',
  '1900-02-29',
  'a@b',
  '@',
  'user@example.com\u0000',
  ...SQLISH,
];

export const RANDOM_ALPHABET =
  'abcXYZ019 -_.,;:/\\\'"`!?@#$%^&*()[]{}<>|~+=\u0000\u0001\u001f\u007f\u00e9\u00df\u4e2d\u0627\ud83c\udf77\ud800\udfff\ufeff\u200b\n\r\t';

export function longString(rng: Rng): string {
  const length = rng.weighted([
    [6, 256],
    [5, 1001],
    [3, 10_000],
    [1, 100_000],
  ] as const);
  return rng.pick(['x', 'é', '\u0000', 'ab ', '🍷']).repeat(length).slice(0, length);
}

export function nastyString(rng: Rng): string {
  return rng.weighted<() => string>([
    [10, () => rng.pick(WEIRD)],
    [4, () => rng.string(rng.int(1, 40), RANDOM_ALPHABET)],
    [2, () => longString(rng)],
    [2, () => `${rng.pick(['a', 'pinot', 'Oregon'])}${rng.pick(['\u0000', '\ud800', '%00'])}`],
  ])();
}

export const INT_EDGES: readonly unknown[] = [
  0,
  -1,
  1,
  7,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  new RawNumber('9007199254740993'),
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  new RawNumber('-0'),
  new RawNumber('1E3'),
  1.5,
  -0.5,
  1e21,
];

export const FLOAT_EDGES: readonly unknown[] = [
  0,
  -1,
  8.875,
  100,
  100.0001,
  1e-7,
  5e-324,
  1e308,
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  2147483648.5,
  -0.01,
  0.005,
  3.14159265358979,
  123456789012.34,
];

/** Values of the wrong kind for anything. */
export function wrongKind(rng: Rng): unknown {
  return rng.pick<unknown>([
    'text',
    '',
    '42',
    'true',
    42,
    -7.5,
    true,
    false,
    [],
    [1, 'a', null],
    {},
    { set: 'x' },
    { equals: 1 },
    new RawNumber('1e400'),
    '\u0000',
  ]);
}
