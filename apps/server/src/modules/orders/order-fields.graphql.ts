import type { OrderAddress } from '@bevy/core/checkout-schemas';
import type { PlacedOrderView } from '@bevy/core';
import { builder } from '../../graphql/builder';

/** What every GraphQL type that shows an order (placed at checkout, or managed after) shares. */

export const OrderAddressType = builder.objectRef<OrderAddress>('OrderAddress');
OrderAddressType.implement({
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true }),
    line1: t.exposeString('line1'),
    line2: t.exposeString('line2', { nullable: true }),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    zip: t.exposeString('zip'),
  }),
});

type BuilderTypes =
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/** How an order is paid, on every type that shows an order to its buyer or producer. */
export function paymentFields<
  Order extends Pick<PlacedOrderView, 'paymentMethod' | 'invoiceTermsDays' | 'invoiceDueOn'>,
>(t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Order>) {
  return {
    paymentMethod: t.string({
      description:
        '"card" (in the checkout’s charge) or "invoice" (paid to the producer directly).',
      resolve: (order) => order.paymentMethod,
    }),
    invoiceTermsDays: t.int({
      nullable: true,
      description: 'The invoice terms in days ("Net 30" is 30); null for card orders.',
      resolve: (order) => order.invoiceTermsDays,
    }),
    invoiceDueOn: t.string({
      nullable: true,
      description: 'When the invoice is due, YYYY-MM-DD; null for card orders.',
      resolve: (order) => order.invoiceDueOn,
    }),
  };
}
