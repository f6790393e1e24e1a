import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { and, eq, sql } from 'drizzle-orm';
import {
  addresses,
  businesses,
  clubs,
  memberships,
  paymentAccounts,
  priceTiers,
  products,
  users,
} from '../../db/tables';
import { ticketTypesForCheckout } from '../events/index';
import type { CheckoutContext } from './checkout-context';
import { declineWindow, recentDeclines } from './checkout-limits';
import type { Catalog, CatalogBusiness, CatalogProduct } from './checkout-pricing';
import type { CatalogTicketType } from './ticket-pricing';
import { preparedPerDb } from './prepared';

/**
 * The catalog a cart is priced from (its products with their tiers, their producers with their
 * first address and connected payout account), read in one statement; checkout reads the buyer,
 * their recent declines and their club discounts in the same one. Each round trip costs a
 * pooled connection and a socket write, which is what a checkout spends most of its time on; the
 * statement is prepared (its text never varies: lists are array parameters).
 */

export interface LoadedCatalog extends Catalog {
  /** Connected accounts that can receive a payout now, by business. */
  payoutAccounts: ReadonlyMap<number, string>;
}

/** The fields of a producer's first address that checkout uses. */
interface FirstAddress {
  street_number: string | null;
  route: string | null;
  locality: string | null;
  administrative_area_level_1: string | null;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
}

function addressOfBusiness(name: string, row: FirstAddress | null): OrderAddress | null {
  if (!row?.route || !row.locality || !row.administrative_area_level_1 || !row.postal_code) {
    return null;
  }
  return {
    name,
    line1: [row.street_number, row.route].filter(Boolean).join(' '),
    line2: null,
    city: row.locality,
    state: row.administrative_area_level_1,
    zip: row.postal_code,
  };
}

/** Whole numbers as one PostgreSQL array literal, a parameter of the prepared statement. */
function intArray(values: readonly number[]): string {
  if (!values.every(Number.isInteger)) throw new Error('Expected whole numbers.');
  return `{${values.join(',')}}`;
}

/** Who is buying, for the parts of the statement only checkout reads. */
interface Asker {
  buyerId: number;
  checkoutId: string;
  now: Date;
}

const catalogStatement = preparedPerDb((db) => {
  const wanted = sql`${sql.placeholder('productIds')}::int[]`;
  const declines = recentDeclines(db, {
    buyerId: sql`asked.buyer_id`,
    checkoutId: sql`${sql.placeholder('checkoutId')}::uuid`,
    since: sql.placeholder('since'),
    inFlightSince: sql.placeholder('inFlightSince'),
  });
  return (
    db
      .select({
        buyer: users,
        declines: sql<number>`(${declines})::int`,
        business: businesses,
        payoutAccount: paymentAccounts.account_id,
        address: sql<FirstAddress | null>`(select json_build_object(
          'street_number', ${addresses.street_number}, 'route', ${addresses.route},
          'locality', ${addresses.locality},
          'administrative_area_level_1', ${addresses.administrative_area_level_1},
          'postal_code', ${addresses.postal_code},
          'latitude', ${addresses.latitude}, 'longitude', ${addresses.longitude})
        from ${addresses} where ${addresses.business_id} = ${businesses.id}
        order by ${addresses.created_at}, ${addresses.id} limit 1)`,
        // Null when the buyer is no active member of the producer's clubs.
        memberDiscount: sql<number | null>`(select max(${clubs.member_discount_bp})::int
        from ${memberships} join ${clubs} on ${clubs.id} = ${memberships.club_id}
        where ${memberships.user_id} = asked.buyer_id and ${memberships.status} = 'active'
          and ${clubs.business_id} = ${businesses.id})`,
        products: sql<Omit<CatalogProduct, 'tiers'>[] | null>`(select json_agg(json_build_object(
          'id', ${products.id}, 'business_id', ${products.business_id}, 'name', ${products.name},
          'status', ${products.status}, 'stock_count', ${products.stock_count},
          'members_only', ${products.members_only},
          'tiers', (select coalesce(json_agg(${priceTiers}
              order by ${priceTiers.minimum_unit_count_for_price}, ${priceTiers.id}), '[]')
            from ${priceTiers} where ${priceTiers.product_id} = ${products.id})
        ) order by ${products.id})
        from ${products}
        where ${products.business_id} = ${businesses.id} and ${products.id} = any(${wanted}))`,
      })
      .from(sql`(select ${sql.placeholder('buyerId')}::int as buyer_id) as asked`)
      .leftJoin(users, sql`${users.id} = asked.buyer_id`)
      // One array rather than an OR of two conditions: PostgreSQL then keeps a generic plan for
      // the prepared statement (planning the OR anew cost more than running it, every checkout).
      .leftJoin(
        businesses,
        sql`${businesses.id} = any(${sql.placeholder('businessIds')}::int[] || array(
        select ${products.business_id} from ${products} where ${products.id} = any(${wanted})))`,
      )
      .leftJoin(
        paymentAccounts,
        and(
          eq(paymentAccounts.business_id, businesses.id),
          eq(paymentAccounts.provider, sql.placeholder('provider')),
          eq(paymentAccounts.charges_enabled, true),
        ),
      )
      .prepare('checkout_catalog')
  );
});

type CatalogRow = Awaited<ReturnType<ReturnType<typeof catalogStatement>['execute']>>[number];

function catalogOf(rows: readonly CatalogRow[], typeRows: readonly CatalogTicketType[]) {
  const productMap = new Map<number, CatalogProduct>();
  const businessMap = new Map<number, CatalogBusiness>();
  const payoutAccounts = new Map<number, string>();
  for (const { business, address, products: sold, payoutAccount } of rows) {
    if (!business) continue;
    for (const product of sold ?? []) productMap.set(product.id, product as CatalogProduct);
    const location =
      address && address.latitude !== null && address.longitude !== null
        ? { lat: address.latitude, lng: address.longitude }
        : null;
    businessMap.set(business.id, {
      ...business,
      address: addressOfBusiness(business.name, address),
      location,
    });
    if (payoutAccount) payoutAccounts.set(business.id, payoutAccount);
  }
  return {
    products: productMap,
    businesses: businessMap,
    ticketTypes: new Map(typeRows.map((row) => [row.id, row])),
    payoutAccounts,
  };
}

/** The cart's products and producers (and any other producers named) as the database holds them now. */
export async function loadCatalog(
  ctx: Pick<CheckoutContext, 'db' | 'payments'>,
  productIds: number[],
  otherBusinessIds: number[] = [],
  ticketTypeIds: number[] = [],
): Promise<LoadedCatalog> {
  return (await readCatalog(ctx, productIds, otherBusinessIds, ticketTypeIds)).catalog;
}

async function readCatalog(
  ctx: Pick<CheckoutContext, 'db' | 'payments'>,
  productIds: readonly number[],
  otherBusinessIds: readonly number[],
  ticketTypeIds: readonly number[],
  asker?: Asker,
) {
  const typeRows: CatalogTicketType[] = await ticketTypesForCheckout(ctx.db, ticketTypeIds);
  const businessIds = [
    ...new Set([...typeRows.map((row) => row.event.business_id), ...otherBusinessIds]),
  ];
  const rows = await catalogStatement(ctx.db).execute({
    buyerId: asker?.buyerId ?? null,
    checkoutId: asker?.checkoutId ?? null,
    ...declineWindow(asker?.now ?? new Date()),
    productIds: intArray(productIds),
    businessIds: intArray(businessIds),
    provider: ctx.payments.kind,
  });
  return { rows, catalog: catalogOf(rows, typeRows) };
}

/**
 * What checkout reads before pricing a cart, in one statement (two with tickets): the catalog,
 * the buyer, how many of the buyer's recent payments were declined (checkout-limits), and the
 * member discount at each of the cart's producers whose clubs the buyer belongs to.
 */
export async function loadCheckoutCatalog(
  ctx: Pick<CheckoutContext, 'db' | 'payments'>,
  asker: Asker,
  productIds: readonly number[],
  ticketTypeIds: readonly number[],
) {
  const { rows, catalog } = await readCatalog(ctx, productIds, [], ticketTypeIds, asker);
  const first = rows[0]!;
  const memberDiscounts = new Map<number, number>();
  for (const { business, memberDiscount } of rows) {
    if (business && memberDiscount !== null) memberDiscounts.set(business.id, memberDiscount);
  }
  return { catalog, buyer: first.buyer, declines: first.declines, memberDiscounts };
}
