/**
 * What a member pays for one release: its lines priced from the producer's retail prices, less
 * the member discount, or one fixed price shared out over the bottles. The server prices every
 * release from the database with these; the web app shows the same figures.
 */
import { discountedPrice } from './clubs';
import type { Cents } from './money';

/** A product in a release, at its retail price for the quantity. */
export interface ReleaseLineAtRetail {
  productId: number;
  quantity: number;
  retailUnitPrice: Cents;
}

/** A line of the member's order. A product may take two lines when a fixed price splits unevenly. */
export interface ClubOrderLine {
  productId: number;
  quantity: number;
  unitPrice: Cents;
}

export type ClubPricing =
  { basis: 'contents'; discountBasisPoints: number } | { basis: 'fixed'; priceCents: Cents };

/** The release's lines as the member's order: unit prices sum to what the tier's basis says. */
export function priceReleaseLines(
  lines: readonly ReleaseLineAtRetail[],
  pricing: ClubPricing,
): ClubOrderLine[] {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Bad quantity: ${line.quantity}`);
    }
  }
  if (pricing.basis === 'contents') {
    return lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: discountedPrice(line.retailUnitPrice, pricing.discountBasisPoints),
    }));
  }
  return shareFixedPrice(lines, pricing.priceCents);
}

/**
 * One fixed price shared over every bottle in proportion to its retail price (evenly when none
 * has a price), by largest remainders, so the lines add up to the cent. Bottles of one product
 * whose shares differ by a cent become two lines.
 */
function shareFixedPrice(
  lines: readonly ReleaseLineAtRetail[],
  priceCents: Cents,
): ClubOrderLine[] {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) {
    throw new RangeError(`Bad price: ${priceCents}`);
  }
  const units = lines.flatMap((line, index) =>
    Array.from({ length: line.quantity }, () => ({ index, weight: line.retailUnitPrice })),
  );
  if (units.length === 0) return [];
  const allZero = units.every((unit) => unit.weight === 0);
  const weights = units.map((unit) => (allZero ? 1 : unit.weight));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => Math.floor((priceCents * weight) / totalWeight));
  const remainders = weights.map((weight) => (priceCents * weight) % totalWeight);
  let left = priceCents - shares.reduce((sum, share) => sum + share, 0);
  // Largest remainder first; ties go to the earlier bottle, so the answer never varies.
  const order = units.map((_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const i of order) {
    if (left === 0) break;
    shares[i]!++;
    left--;
  }
  const result: ClubOrderLine[] = [];
  units.forEach((unit, i) => {
    const productId = lines[unit.index]!.productId;
    const same = result.find(
      (line) => line.productId === productId && line.unitPrice === shares[i],
    );
    if (same) same.quantity++;
    else result.push({ productId, quantity: 1, unitPrice: shares[i]! });
  });
  return result;
}

/** The bottles in a release's lines. */
export function bottlesIn(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
