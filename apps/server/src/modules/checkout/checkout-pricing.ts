import {
  CHECKOUT_LIMITS,
  formatCents,
  invoiceDueOn,
  isoDate,
  membersOnlyMessage,
  orderTotals,
  percentToMillionths,
  tierForQuantity,
  type BuyerKind,
  type Cents,
  type FulfillmentFees,
  type FulfillmentOffer,
  type FulfillmentMode,
  type LatLng,
  type OrderTotals,
  type PaymentMethod,
  type PriceChannel,
  type PriceTier,
} from '@bevy/core';
import {
  BUYING_BUSINESS_REQUIRED,
  type OrderAddress,
  type PlaceOrderInput,
} from '@bevy/core/checkout-schemas';
import type { CheckoutErrorCode, CheckoutRefusal } from './checkout-answer';
import { fulfillmentFee, fulfillmentProblems, invoiceProblem } from './fulfillment-checks';
import { priceTicketLine, type CatalogTicketType, type PricedTicketLine } from './ticket-pricing';

/**
 * Prices a cart from the catalog as the database holds it, never from what the client sent,
 * and checks every rule a line or a producer's fulfillment must meet. Pure: the service loads the
 * rows and then holds the stock.
 */

export interface CatalogProduct {
  id: number;
  business_id: number;
  name: string;
  status: string;
  /** Null when the producer does not count stock. */
  stock_count: number | null;
  /** Sold only to active members of the producer's clubs. */
  members_only: boolean;
  tiers: readonly (PriceTier & { channel: PriceChannel })[];
}

/** A producer as checkout reads it: its fulfillment offer and its fees (decision 014). */
export interface CatalogBusiness extends FulfillmentOffer, FulfillmentFees {
  id: number;
  name: string;
  slug: string;
  /** Tax + fees percent as stored, e.g. "8.8750". */
  sales_tax_rate: string;
  /** The producer's first address: where pickup happens, and what delivery distance is from. */
  address: OrderAddress | null;
  location: LatLng | null;
  /** Days approved wholesale buyers get to pay an invoice; null when the producer takes none. */
  wholesale_invoice_terms_days: number | null;
}

export interface Catalog {
  products: ReadonlyMap<number, CatalogProduct>;
  businesses: ReadonlyMap<number, CatalogBusiness>;
  /** The producers whose clubs the buyer belongs to: who may buy their members-only products. */
  memberAt?: ReadonlySet<number>;
  /** The event ticket types in the cart, with their events. */
  ticketTypes?: ReadonlyMap<number, CatalogTicketType>;
  /** The events whose presale the buyer was invited to: their tickets sell before sales open. */
  presaleEvents?: ReadonlySet<number>;
}

/** A ZIP code's place, from the offline ZIP data. */
export type ZipLocator = (zip: string) => (LatLng & { state: string }) | null;

export interface PricedLine {
  /** The line's position in the request, for field errors. */
  index: number;
  product: CatalogProduct;
  quantity: number;
  channel: PriceChannel;
  unitPrice: Cents;
  tierMinimum: number;
  lineTotal: Cents;
}

export interface PricedOrder {
  business: CatalogBusiness;
  mode: FulfillmentMode;
  /** The recipient's address (delivery, shipping) or the producer's (pickup). */
  address: OrderAddress | null;
  lines: PricedLine[];
  /** Event tickets bought from this producer: no fulfillment, taxed as its products are. */
  tickets: PricedTicketLine[];
  totals: OrderTotals;
  paymentMethod: PaymentMethod;
  /** For invoice orders: the producer's terms and the due date (YYYY-MM-DD); null for card. */
  invoice: { termsDays: number; dueOn: string } | null;
}

export interface CartProblem {
  code: CheckoutErrorCode;
  field: string;
  message: string;
}

export type PricedCart =
  | {
      ok: true;
      orders: PricedOrder[];
      /** The card charge: the totals of the orders paid by card (0 when all are on invoice). */
      amount: Cents;
      /** The totals of all the orders, card and invoice. */
      total: Cents;
    }
  | { ok: false; problems: CartProblem[] };

/** Which refusal wins when a cart has several kinds of problem: what the buyer must fix first. */
const PROBLEM_PRECEDENCE: CheckoutErrorCode[] = ['BAD_USER_INPUT', 'SOLD_OUT', 'PRICE_CHANGED'];

/** One refusal for all the problems found, every message by field as `fromZodError` does. */
export function refusalOf(problems: readonly CartProblem[]): CheckoutRefusal {
  const code = PROBLEM_PRECEDENCE.find((candidate) =>
    problems.some((problem) => problem.code === candidate),
  )!;
  const first = problems.find((problem) => problem.code === code)!;
  const fields: Record<string, string> = {};
  for (const { field, message } of problems) fields[field] ??= message;
  return { code, message: first.message, field: first.field, fields };
}

/** "Only 2 left of X." or "X is sold out.", for a line that asks for more than is in stock. */
export function soldOutMessage(name: string, inStock: number): string {
  return inStock > 0
    ? `Only ${inStock} left of ${name}; lower the quantity.`
    : `${name} is sold out.`;
}

function priceLine(
  line: PlaceOrderInput['lines'][number],
  index: number,
  product: CatalogProduct | undefined,
  buyer: BuyerKind,
  memberAt: ReadonlySet<number>,
  businessName: string,
): PricedLine | CartProblem {
  const field = `lines.${index}`;
  // Drafts and unknown ids get the same answer, so drafts stay private.
  if (!product || product.status !== 'published') {
    return {
      code: 'BAD_USER_INPUT',
      field: `${field}.productId`,
      message: 'This product is no longer sold. Remove it from your cart.',
    };
  }
  if (product.members_only && !memberAt.has(product.business_id)) {
    return {
      code: 'BAD_USER_INPUT',
      field: `${field}.productId`,
      message: membersOnlyMessage(product.name, businessName),
    };
  }
  if (line.channel && line.channel !== buyer) {
    return {
      code: 'BAD_USER_INPUT',
      field: `${field}.channel`,
      message:
        buyer === 'retail'
          ? 'Wholesale prices are only for approved wholesale buyers.'
          : 'As an approved wholesale buyer you pay wholesale prices. Reload your cart.',
    };
  }
  const tiers = product.tiers.filter((tier) => tier.channel === buyer);
  if (tiers.length === 0) {
    return {
      code: 'BAD_USER_INPUT',
      field: `${field}.productId`,
      message: `${product.name} is not sold to ${buyer} buyers.`,
    };
  }
  const tier = tierForQuantity(tiers, line.quantity);
  if (!tier) {
    const minimum = Math.min(...tiers.map((entry) => entry.minimum_unit_count_for_price));
    return {
      code: 'BAD_USER_INPUT',
      field: `${field}.quantity`,
      message: `${product.name} is sold in quantities of at least ${minimum}.`,
    };
  }
  if (product.stock_count !== null && product.stock_count < line.quantity) {
    return {
      code: 'SOLD_OUT',
      field: `${field}.quantity`,
      message: soldOutMessage(product.name, product.stock_count),
    };
  }
  if (
    line.unitPrice !== null &&
    line.unitPrice !== undefined &&
    line.unitPrice !== tier.price_per_unit
  ) {
    return {
      code: 'PRICE_CHANGED',
      field: `${field}.unitPrice`,
      message: `The price of ${product.name} is now ${formatCents(tier.price_per_unit)} each. Review your cart.`,
    };
  }
  return {
    index,
    product,
    quantity: line.quantity,
    channel: buyer,
    unitPrice: tier.price_per_unit,
    tierMinimum: tier.minimum_unit_count_for_price,
    lineTotal: tier.price_per_unit * line.quantity,
  };
}

/**
 * The cart split into one priced order per producer, or every problem that stops it. Orders a
 * wholesale buyer pays by invoice are due `now` plus the producer's terms.
 */
export function priceCart(
  input: PlaceOrderInput,
  catalog: Catalog,
  buyer: BuyerKind,
  locate: ZipLocator,
  now: Date,
): PricedCart {
  const problems: CartProblem[] = [];
  // Wholesale is sold to licensed businesses: the orders and packing slips must name which.
  if (buyer === 'wholesale' && !input.buyingBusiness) {
    problems.push({
      code: 'BAD_USER_INPUT',
      field: 'buyingBusiness',
      message: BUYING_BUSINESS_REQUIRED,
    });
  }
  const linesByBusiness = new Map<number, PricedLine[]>();
  input.lines.forEach((line, index) => {
    const product = catalog.products.get(line.productId);
    const priced = priceLine(
      line,
      index,
      product,
      buyer,
      catalog.memberAt ?? new Set(),
      (product && catalog.businesses.get(product.business_id)?.name) ?? '',
    );
    if ('code' in priced) {
      problems.push(priced);
      return;
    }
    const businessLines = linesByBusiness.get(priced.product.business_id) ?? [];
    businessLines.push(priced);
    linesByBusiness.set(priced.product.business_id, businessLines);
  });

  const ticketsByBusiness = new Map<number, PricedTicketLine[]>();
  input.tickets.forEach((line, index) => {
    const type = catalog.ticketTypes?.get(line.ticketTypeId);
    const producer = type ? catalog.businesses.get(type.event.business_id) : undefined;
    const priced = priceTicketLine(
      line,
      index,
      type,
      catalog.memberAt ?? new Set(),
      producer?.name ?? '',
      now,
      catalog.presaleEvents,
    );
    if ('code' in priced) {
      problems.push(priced);
      return;
    }
    const businessTickets = ticketsByBusiness.get(priced.type.event.business_id) ?? [];
    businessTickets.push(priced);
    ticketsByBusiness.set(priced.type.event.business_id, businessTickets);
  });

  const orders: PricedOrder[] = [];
  let tooLarge = false;
  for (const businessId of new Set([...linesByBusiness.keys(), ...ticketsByBusiness.keys()])) {
    const business = catalog.businesses.get(businessId)!;
    const lines = linesByBusiness.get(businessId) ?? [];
    const tickets = ticketsByBusiness.get(businessId) ?? [];
    const allLines = [...lines, ...tickets];
    const chosen = input.fulfillment.findIndex((choice) => choice.businessId === businessId);
    // Tickets are paid for now: an unpaid invoice would otherwise hold valid tickets.
    if (tickets.length > 0 && input.fulfillment[chosen]?.payByInvoice) {
      problems.push({
        code: 'BAD_USER_INPUT',
        field: `fulfillment.${chosen}.payByInvoice`,
        message: `Event tickets are paid by card: pay ${business.name} by card.`,
      });
      continue;
    }
    if (lines.length === 0) {
      // Tickets alone: nothing to pick up, deliver or ship, so no choice to make, and by card.
      const subtotal = tickets.reduce((sum, line) => sum + line.lineTotal, 0);
      if (subtotal > CHECKOUT_LIMITS.maxAmountCents) {
        tooLarge = true;
        continue;
      }
      orders.push({
        business,
        mode: 'pickup',
        address: business.address,
        lines,
        tickets,
        totals: orderTotals(allLines, percentToMillionths(business.sales_tax_rate), 0),
        paymentMethod: 'card',
        invoice: null,
      });
      continue;
    }
    const choiceIndex = input.fulfillment.findIndex((choice) => choice.businessId === businessId);
    const choice = input.fulfillment[choiceIndex];
    if (!choice) {
      problems.push({
        code: 'BAD_USER_INPUT',
        field: 'fulfillment',
        message: `Choose how to get your order from ${business.name}: pickup, delivery or shipping.`,
      });
      continue;
    }
    const fulfillment = fulfillmentProblems(
      business,
      choice,
      `fulfillment.${choiceIndex}`,
      buyer,
      locate,
    );
    problems.push(...fulfillment);
    const byInvoice = choice.payByInvoice;
    const refusedInvoice =
      byInvoice && invoiceProblem(business, `fulfillment.${choiceIndex}`, buyer);
    if (refusedInvoice) problems.push(refusedInvoice);
    const termsDays = business.wholesale_invoice_terms_days;
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    // Checked before the arithmetic, which refuses amounts it cannot hold exactly.
    if (allLines.reduce((sum, line) => sum + line.lineTotal, 0) > CHECKOUT_LIMITS.maxAmountCents) {
      tooLarge = true;
      continue;
    }
    const fee = fulfillmentFee(business, choice, lines, subtotal, locate);
    if (fee.problem) {
      problems.push({
        code: 'BAD_USER_INPUT',
        field: `fulfillment.${choiceIndex}.mode`,
        message: fee.problem,
      });
    }
    orders.push({
      business,
      mode: choice.mode,
      address: choice.mode === 'pickup' ? business.address : (choice.address ?? null),
      lines,
      tickets,
      totals: orderTotals(
        allLines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity })),
        percentToMillionths(business.sales_tax_rate),
        fee.feeCents,
      ),
      paymentMethod: byInvoice ? 'invoice' : 'card',
      invoice:
        byInvoice && termsDays !== null
          ? { termsDays, dueOn: invoiceDueOn(isoDate(now), termsDays) }
          : null,
    });
  }

  const byCard = orders.filter((order) => order.paymentMethod === 'card');
  const amount = byCard.reduce((sum, order) => sum + order.totals.total, 0);
  const total = orders.reduce((sum, order) => sum + order.totals.total, 0);
  // The limits are those of one card charge; invoice orders are not charged.
  if (tooLarge || amount > CHECKOUT_LIMITS.maxAmountCents) {
    problems.push({
      code: 'BAD_USER_INPUT',
      field: 'lines',
      message: `One payment can be at most ${formatCents(CHECKOUT_LIMITS.maxAmountCents)}. Split your order.`,
    });
  } else if (byCard.length > 0 && amount < CHECKOUT_LIMITS.minAmountCents) {
    problems.push({
      code: 'BAD_USER_INPUT',
      field: 'lines',
      message: `One payment must be at least ${formatCents(CHECKOUT_LIMITS.minAmountCents)}. Add to your cart.`,
    });
  }
  if (
    problems.length === 0 &&
    input.expectedTotal !== null &&
    input.expectedTotal !== undefined &&
    input.expectedTotal !== total
  ) {
    problems.push({
      code: 'PRICE_CHANGED',
      field: 'expectedTotal',
      message: `The total is now ${formatCents(total)}. Review your cart before paying.`,
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, orders, amount, total };
}
