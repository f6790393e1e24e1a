import {
  FEE_LIMITS,
  type DeliveryFeeBand,
  type FulfillmentFees,
  type ShippingRate,
} from '@bevy/core';
import { builder } from '../../graphql/builder';

/** A producer's delivery and shipping fees and minimums as GraphQL types (decision 014). */

const DeliveryFeeBandType = builder.objectRef<DeliveryFeeBand>('DeliveryFeeBand');
DeliveryFeeBandType.implement({
  description: 'Delivery within `within_miles` of the producer costs `fee_cents`.',
  fields: (t) => ({
    within_miles: t.exposeInt('within_miles'),
    fee_cents: t.exposeInt('fee_cents'),
  }),
});

const ShippingRateType = builder.objectRef<ShippingRate>('ShippingRate');
ShippingRateType.implement({
  description: 'Shipping an order of at most `up_to_bottles` bottles costs `fee_cents`.',
  fields: (t) => ({
    up_to_bottles: t.exposeInt('up_to_bottles'),
    fee_cents: t.exposeInt('fee_cents'),
  }),
});

export const FulfillmentFeesType = builder.objectRef<FulfillmentFees>('FulfillmentFees');
FulfillmentFeesType.implement({
  description:
    'What delivery and shipping cost from a producer. Every amount is in cents; pickup is free.',
  fields: (t) => ({
    delivery_fee_bands: t.field({
      type: [DeliveryFeeBandType],
      description:
        'In ascending distance; beyond the last band (up to the delivery radius) its fee applies.',
      extensions: { maxItems: FEE_LIMITS.maxBands },
      resolve: (fees) => fees.delivery_fee_bands,
    }),
    delivery_minimum_cents: t.exposeInt('delivery_minimum_cents', {
      description: 'The product subtotal a delivery needs; 0 for none.',
    }),
    shipping_rates: t.field({
      type: [ShippingRateType],
      description: 'In ascending bottle count; none means shipping is free.',
      extensions: { maxItems: FEE_LIMITS.maxBands },
      resolve: (fees) => fees.shipping_rates,
    }),
    shipping_extra_per_dozen_cents: t.exposeInt('shipping_extra_per_dozen_cents', {
      description: 'Added for each further 12 bottles (or part) beyond the last rate.',
    }),
    shipping_surcharge_cents: t.exposeInt('shipping_surcharge_cents', {
      description: 'Added to shipping to the states in `shipping_surcharge_states`.',
    }),
    shipping_surcharge_states: t.exposeStringList('shipping_surcharge_states'),
    free_shipping_over_cents: t.exposeInt('free_shipping_over_cents', {
      nullable: true,
      description: 'A product subtotal at or over this ships free; null: never free.',
    }),
  }),
});

const DeliveryFeeBandInput = builder.inputType('DeliveryFeeBandInput', {
  fields: (t) => ({
    within_miles: t.int({ required: true }),
    fee_cents: t.int({ required: true }),
  }),
});

const ShippingRateInput = builder.inputType('ShippingRateInput', {
  fields: (t) => ({
    up_to_bottles: t.int({ required: true }),
    fee_cents: t.int({ required: true }),
  }),
});

export const FulfillmentFeesInput = builder.inputType('FulfillmentFeesInput', {
  description: 'All of a producer’s fees and minimums, replaced at once; amounts in cents.',
  fields: (t) => ({
    delivery_fee_bands: t.field({ type: [DeliveryFeeBandInput], required: true }),
    delivery_minimum_cents: t.int({ required: true }),
    shipping_rates: t.field({ type: [ShippingRateInput], required: true }),
    shipping_extra_per_dozen_cents: t.int({ required: true }),
    shipping_surcharge_cents: t.int({ required: true }),
    shipping_surcharge_states: t.stringList({ required: true }),
    free_shipping_over_cents: t.int(),
  }),
});
