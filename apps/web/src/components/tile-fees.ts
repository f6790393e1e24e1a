import {
  feeSummary,
  fulfillmentFlagFor,
  type BuyerKind,
  type ProductHitWithFees,
} from '@bevy/core';

/**
 * A product tile's fulfillment line (decision 014): the producer's delivery and shipping terms
 * for the ways it serves this kind of buyer, e.g. "Delivery $5 within 10 mi · $25 minimum" and
 * "Ships from $15 · free over $150". Empty for a hit without fees (a seller's own tile, or an
 * index built before fees).
 */
export function fulfillmentLines(hit: Partial<ProductHitWithFees>, buyer: BuyerKind): string[] {
  const fees = hit.fulfillment_fees;
  if (!fees) return [];
  return (['delivery', 'ship'] as const)
    .filter((mode) => hit[fulfillmentFlagFor(mode, buyer)] === true)
    .map((mode) => feeSummary(fees, mode))
    .filter((line): line is string => line !== null);
}
