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

/** `text` with each of `values` replaced (case-insensitively) by `replacement`. */
export function redact(text: string, values: readonly string[], replacement: string): string {
  let out = text;
  for (const value of values) {
    const pattern = new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
    out = out.replace(pattern, replacement);
  }
  return out;
}

/** A stored JSON value with the identifying strings redacted wherever they appear. */
export function redactJson<T>(value: T, values: readonly string[], replacement: string): T {
  if (value === null || value === undefined) return value;
  return JSON.parse(
    redact(
      JSON.stringify(value),
      values.map((v) => JSON.stringify(v).slice(1, -1)),
      replacement,
    ),
  ) as T;
}
