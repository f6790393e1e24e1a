import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { businessMembers, ledgerEntries, orders, paymentAccounts, users } from '../../db/tables';
import { gql, logInAs, type GraphqlResult } from '../../test/graphql-client';
import { hashPassword } from '../accounts/password';
import { orderRequest, type LineSpec } from '../checkout/checkout-fixtures';
import { ledgerImbalance } from '../payouts/ledger';

/** Test data for order management: people, orders placed through the API, and the queries. */

const PASSWORD = 'orders-test-password-1';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  cookie: string;
}

/** A new account (21 or older), logged in; working at `businessIds` if given. */
export async function createUser(
  app: App,
  db: Db,
  options: { name?: string; businessIds?: number[]; isAdmin?: boolean } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `person-${randomBytes(5).toString('hex')}@bevy.example`;
  const [user] = await db
    .insert(users)
    .values({
      name: options.name ?? 'Test Person',
      email,
      password_hash: await passwordHash,
      date_of_birth: '1985-06-15',
      is_admin: options.isAdmin ?? false,
    })
    .returning({ id: users.id });
  for (const businessId of options.businessIds ?? []) {
    await db.insert(businessMembers).values({ user_id: user!.id, business_id: businessId });
  }
  return { id: user!.id, email, cookie: await logInAs(app, email, PASSWORD) };
}

/** A new account with wholesale access approved until the end of 2099. */
export async function createWholesaler(app: App, db: Db): Promise<TestUser> {
  const user = await createUser(app, db, { name: 'Wanda Wholesale' });
  await db
    .update(users)
    .set({ wholesale_access_expires_on: '2099-12-31' })
    .where(eq(users.id, user.id));
  return user;
}

/** Lets the business's payouts leave at once (an onboarded offline account). */
export async function connectPayouts(db: Db, businessId: number): Promise<void> {
  await db.insert(paymentAccounts).values({
    business_id: businessId,
    provider: 'offline',
    account_id: `acct_offline_${randomBytes(8).toString('hex')}`,
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
  });
}

export const PLACE_ORDER = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id amountCents orders { id number businessId totalCents } }
}`;

export interface PlacedOrder {
  id: number;
  number: string;
  businessId: number;
  totalCents: number;
}

/** Checks out through the API as the buyer; one order per business, in the request's order. */
export async function checkOut(
  app: App,
  buyer: Pick<TestUser, 'cookie'>,
  lines: LineSpec[],
  businessIds: number[],
  overrides: Record<string, unknown> = {},
): Promise<PlacedOrder[]> {
  const result = await gql(
    app,
    PLACE_ORDER,
    { input: orderRequest(lines, businessIds, overrides) },
    { cookie: buyer.cookie },
  );
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  const placed = (result.body.data!.placeOrder as { orders: PlacedOrder[] }).orders;
  return businessIds.map((id) => placed.find((order) => order.businessId === id)!);
}

/** The one order of a single-producer checkout. */
export async function checkOutOne(
  app: App,
  buyer: Pick<TestUser, 'cookie'>,
  lines: LineSpec[],
  businessId: number,
  overrides: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const [order] = await checkOut(app, buyer, lines, [businessId], overrides);
  return order!;
}

/** Delivery or shipping to Portland, OR (within reach of the test producers). */
export function sendTo(businessId: number, mode: 'delivery' | 'ship') {
  return {
    fulfillment: [
      {
        businessId,
        mode,
        address: {
          name: 'Riley Retail',
          line1: '12 NE Alberta St',
          city: 'Portland',
          state: 'OR',
          zip: '97211',
        },
      },
    ],
  };
}

export const ORDER_FIELDS = `
  id number status statusLabel createdAt businessId businessName businessSlug buyerKind
  contactName contactEmail contactPhone fulfillmentMode
  fulfillmentAddress { name line1 line2 city state zip }
  pickupHours trackingNumber billingAddress { line1 city state zip }
  subtotalCents taxAndFeesCents totalCents refundedCents commissionCents payoutCents payoutStatus
  viewerIsSeller nextStatuses canCancel buyerCanCancel
  lines { id productId productName unitPriceCents quantity refundedQuantity lineTotalCents }
  events { fromStatus toStatus toStatusLabel note createdAt }
`;

export interface OrderResult {
  id: number;
  number: string;
  status: string;
  statusLabel: string;
  createdAt: string;
  businessId: number;
  contactName: string;
  fulfillmentMode: string;
  pickupHours: string | null;
  trackingNumber: string | null;
  subtotalCents: number;
  taxAndFeesCents: number;
  totalCents: number;
  refundedCents: number;
  commissionCents: number | null;
  payoutCents: number | null;
  payoutStatus: string | null;
  viewerIsSeller: boolean;
  nextStatuses: string[];
  buyerCanCancel?: boolean;
  canCancel: boolean;
  lines: {
    id: number;
    productId: number | null;
    productName: string;
    unitPriceCents: number;
    quantity: number;
    refundedQuantity: number;
    lineTotalCents: number;
  }[];
  events: {
    fromStatus: string | null;
    toStatus: string;
    toStatusLabel: string;
    note: string | null;
  }[];
}

const ORDER_QUERY = `query($id: Int!) { order(id: $id) { ${ORDER_FIELDS} } }`;

/** The order as `viewer` sees it (null when they may not). */
export async function orderAs(
  app: App,
  viewer: Pick<TestUser, 'cookie'> | null,
  id: number,
): Promise<OrderResult | null> {
  const result = await gql(app, ORDER_QUERY, { id }, viewer ? { cookie: viewer.cookie } : {});
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data!.order as OrderResult | null;
}

export const ADVANCE = `mutation($id: Int!, $to: String!, $trackingNumber: String) {
  advanceOrder(id: $id, to: $to, trackingNumber: $trackingNumber) { ${ORDER_FIELDS} }
}`;
export const CANCEL = `mutation($id: Int!, $reason: String) {
  cancelOrder(id: $id, reason: $reason) { ${ORDER_FIELDS} }
}`;
export const REFUND_LINE = `mutation($orderId: Int!, $lineId: Int!, $quantity: Int!, $reason: String) {
  refundOrderLine(orderId: $orderId, lineId: $lineId, quantity: $quantity, reason: $reason) { ${ORDER_FIELDS} }
}`;

/** The code and message of a GraphQL answer's first error. */
export function firstError(result: GraphqlResult) {
  const error = result.body.errors?.[0];
  return error
    ? { code: error.extensions?.code, field: error.extensions?.field, message: error.message }
    : undefined;
}

/** Runs a mutation and returns its order, failing the test on an error. */
export async function mutateOrder(
  app: App,
  viewer: Pick<TestUser, 'cookie'>,
  query: string,
  variables: Record<string, unknown>,
): Promise<OrderResult> {
  const result = await gql(app, query, variables, { cookie: viewer.cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return Object.values(result.body.data!)[0] as OrderResult;
}

/** Zero when every movement of the order's checkout balances (charge − refunds = the rest). */
export async function checkoutImbalance(db: Db, orderId: number): Promise<number> {
  const [order] = await db
    .select({ checkoutId: orders.checkout_id })
    .from(orders)
    .where(eq(orders.id, orderId));
  const entries = await db
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amount_cents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.checkout_id, order!.checkoutId));
  return ledgerImbalance(entries);
}

/** The order's ledger entries, as kind → amounts. */
export async function ledgerOfOrder(db: Db, orderId: number) {
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.order_id, orderId))
    .orderBy(ledgerEntries.id);
  return entries;
}
