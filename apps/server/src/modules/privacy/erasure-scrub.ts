import type { OrderAddress } from '@bevy/core/checkout-schemas';

/**
 * How a deleted person's kept records are pseudonymised (decision 024): what stays is what a
 * producer and the TTB record need (what was sold, when, to which state), never who.
 */

export const DELETED_BUYER_NAME = 'Deleted buyer';
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** The stand-in address of an erased account: unique, and never deliverable (RFC 2606). */
export function standInEmail(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * An address reduced to its state and the first three digits of its ZIP code (Spree's rule): it
 * keeps the OrderAddress shape, so pages, slips and CSVs that show orders still work.
 */
export function reducedAddress(address: OrderAddress): OrderAddress;
export function reducedAddress(address: OrderAddress | null): OrderAddress | null;
export function reducedAddress(address: OrderAddress | null): OrderAddress | null {
  if (!address) return null;
  return {
    name: null,
    line1: '',
    line2: null,
    city: '',
    state: address.state,
    zip: address.zip.slice(0, 3),
  };
}

/** The person's identifying strings, longest first so a name inside an email goes with it. */
export function identifyingValues(values: readonly (string | null | undefined)[]): string[] {
  const cleaned = values.map((value) => value?.trim() ?? '').filter((value) => value.length >= 3);
  return [...new Set(cleaned)].sort((a, b) => b.length - a.length);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** As the mail renderer escapes text into HTML (order-email-blocks.ts). */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `value` as a whole word only: "Rue" must not match inside "true", nor "Lin" inside "lines".
 * Lookarounds rather than \b, since values may begin or end with "(", "+" or "@".
 */
function wholeWord(value: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(value)}(?![\\p{L}\\p{N}_])`, 'giu');
}

/**
 * `text` with each of `values` (whole words, case-insensitively) replaced by `replacement`;
 * `html` also matches their HTML-escaped form and inserts the replacement escaped.
 */
export function redact(
  text: string,
  values: readonly string[],
  replacement: string,
  options: { html?: boolean } = {},
): string {
  let out = text;
  for (const value of values) {
    const forms = options.html ? [...new Set([escapeHtml(value), value])] : [value];
    const inserted = options.html ? escapeHtml(replacement) : replacement;
    for (const form of forms) out = out.replace(wholeWord(form), () => inserted);
  }
  return out;
}

/** Keys of stored JSON that hold an address: reduced like the order's own (state + ZIP3). */
const ADDRESS_KEYS = new Set(['fulfillmentAddress', 'billingAddress', 'address']);

function isAddress(value: unknown): value is OrderAddress {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { state?: unknown }).state === 'string' &&
    typeof (value as { zip?: unknown }).zip === 'string'
  );
}

/** Keys whose strings name the catalogue, not a person: a "Rue Reserve" wine keeps its name. */
const CATALOGUE_KEYS = new Set(['productName', 'businessName', 'businessSlug', 'name', 'number']);

/**
 * A stored JSON value with addresses reduced and identifying strings redacted in string values
 * only: keys and the JSON structure are never touched, so the result is always valid.
 */
export function redactJson<T>(value: T, values: readonly string[], replacement: string): T {
  const walk = (node: unknown, key: string | null): unknown => {
    if (typeof node === 'string') {
      return key !== null && CATALOGUE_KEYS.has(key) ? node : redact(node, values, replacement);
    }
    if (Array.isArray(node)) return node.map((item) => walk(item, null));
    if (node === null || typeof node !== 'object') return node;
    if (key !== null && ADDRESS_KEYS.has(key) && isAddress(node)) return reducedAddress(node);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
  };
  return walk(value, null) as T;
}
