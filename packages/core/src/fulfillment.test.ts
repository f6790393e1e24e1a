import { describe, expect, it } from 'vitest';
import {
  BUYER_KINDS,
  FULFILLMENT_MODES,
  fulfillmentFlagFor,
  type FulfillmentFlags,
} from './fulfillment';

describe('fulfillmentFlagFor', () => {
  it.each([
    ['pickup', 'retail', 'fulfillment_allow_pickup_retail'],
    ['pickup', 'wholesale', 'fulfillment_allow_pickup_wholesale'],
    ['delivery', 'retail', 'fulfillment_deliver_retail'],
    ['delivery', 'wholesale', 'fulfillment_deliver_wholesale'],
    ['ship', 'retail', 'fulfillment_ship_retail'],
    ['ship', 'wholesale', 'fulfillment_ship_wholesale'],
  ] as const)('(%s, %s) -> %s', (mode, buyer, flag) => {
    expect(fulfillmentFlagFor(mode, buyer)).toBe(flag);
  });

  it('yields exactly the six FulfillmentFlags keys', () => {
    const flags: FulfillmentFlags = {
      fulfillment_allow_pickup_retail: false,
      fulfillment_allow_pickup_wholesale: false,
      fulfillment_deliver_retail: false,
      fulfillment_deliver_wholesale: false,
      fulfillment_ship_retail: false,
      fulfillment_ship_wholesale: false,
    };
    const produced = FULFILLMENT_MODES.flatMap((mode) =>
      BUYER_KINDS.map((buyer) => fulfillmentFlagFor(mode, buyer)),
    );
    expect(new Set(produced).size).toBe(6);
    expect([...produced].sort()).toEqual(Object.keys(flags).sort());
  });
});
