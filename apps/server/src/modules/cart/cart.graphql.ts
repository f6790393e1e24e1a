import { isCartId, MAX_CART_LINES, type BuyerKind } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { badInput } from '../../platform/domain-error';
import { BusinessType } from '../businesses/businesses.graphql';
import { PriceTierType } from '../products/products.graphql';
import { buyerKindOfViewer } from '../accounts/index';
import { currentCartProducts, type CartProductView } from './cart.service';
import { cartTicketTypes, type CartTicketView } from '../events/index';
import { EventType, TicketTypeType } from '../events/events.graphql';

interface CartCatalog {
  buyerKind: BuyerKind;
  products: CartProductView[];
}

const CartTicketType = builder.objectRef<CartTicketView>('CartTicket');
CartTicketType.implement({
  description: 'Event tickets in a cart as they are sold now, priced for the caller.',
  fields: (t) => ({
    ticketType: t.field({ type: TicketTypeType, resolve: (view) => view.type }),
    event: t.field({ type: EventType, resolve: (view) => view.event }),
  }),
});

const CartProductType = builder.objectRef<CartProductView>('CartProduct');
CartProductType.implement({
  description: 'A product in a cart as the catalog has it now.',
  fields: (t) => ({
    id: t.id({ resolve: (view) => String(view.product.id) }),
    name: t.string({ resolve: (view) => view.product.name }),
    stockCount: t.int({
      nullable: true,
      description: 'Units on hand; null when the seller does not count stock.',
      resolve: (view) => view.product.stock_count,
    }),
    pricing: t.field({
      type: [PriceTierType],
      description: "The tiers of the caller's price list (see CartCatalog.buyerKind) only.",
      resolve: (view) => view.tiers,
    }),
    business: t.field({ type: BusinessType, resolve: (view) => view.business }),
    membersOnly: t.exposeBoolean('membersOnly', {
      description: 'Sold only to active members of the producer’s clubs.',
    }),
    viewerIsMember: t.exposeBoolean('viewerIsMember', {
      description: 'Whether the caller is an active member of one of the producer’s clubs.',
    }),
  }),
});

const CartCatalogType = builder.objectRef<CartCatalog>('CartCatalog');
CartCatalogType.implement({
  fields: (t) => ({
    buyerKind: t.string({
      description: '"retail" or "wholesale": the price list the caller buys from.',
      resolve: (catalog) => catalog.buyerKind,
    }),
    products: t.field({
      type: [CartProductType],
      description: 'The products asked for that are for sale; a missing id is no longer for sale.',
      resolve: (catalog) => catalog.products,
    }),
  }),
});

builder.queryFields((t) => ({
  cartCatalog: t.field({
    type: CartCatalogType,
    description:
      "The current name, stock, price tiers (of the caller's price list) and producer of the " +
      'products in a cart, so the cart can show what changed since they were added.',
    args: { productIds: t.arg.idList({ required: true }) },
    resolve: async (_root, args, ctx) => {
      if (args.productIds.length > MAX_CART_LINES) {
        throw badInput(`A cart holds at most ${MAX_CART_LINES} products.`, 'productIds');
      }
      const ids = args.productIds.map(String);
      const notAnId = ids.find((id) => !isCartId(id));
      if (notAnId !== undefined) throw badInput('That is not a product id.', 'productIds');
      const buyerKind = await buyerKindOfViewer(ctx);
      return { buyerKind, products: await currentCartProducts(ctx, ids.map(Number), buyerKind) };
    },
  }),
}));

builder.queryFields((t) => ({
  cartTickets: t.field({
    type: [CartTicketType],
    description:
      'The event tickets of a cart as they are sold now, priced for the caller; a missing id is no longer sold.',
    // A stored cart holds at most MAX_TICKET_LINES; the API allows as many as a cart's products.
    extensions: { maxItems: MAX_CART_LINES },
    args: {
      ticketTypeIds: t.arg.intList({ required: true }),
      eventUrlKeys: t.arg.stringList({
        description:
          'The keys of the events’ pages: an unlisted or members-only event needs its own.',
      }),
    },
    resolve: (_root, args, ctx) => {
      if (args.ticketTypeIds.length > MAX_CART_LINES) {
        throw badInput(`Ask for at most ${MAX_CART_LINES} kinds of ticket.`, 'ticketTypeIds');
      }
      return cartTicketTypes(ctx, args.ticketTypeIds, (args.eventUrlKeys ?? []).slice(0, 100));
    },
  }),
}));
