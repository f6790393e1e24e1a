import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, businessMembers, businesses } from '../../db/schema';
import type { RequestContext } from '../../graphql/context';

export type BusinessRow = typeof businesses.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

export async function findBusinessBySlug(
  ctx: Pick<RequestContext, 'db'>,
  slug: string,
): Promise<BusinessRow | null> {
  const [row] = await ctx.db.select().from(businesses).where(eq(businesses.slug, slug)).limit(1);
  return row ?? null;
}

export async function listBusinessesBySlug(
  ctx: Pick<RequestContext, 'db'>,
  slug: string,
): Promise<BusinessRow[]> {
  const row = await findBusinessBySlug(ctx, slug);
  return row ? [row] : [];
}

/** The businesses a user works at, by name. */
export async function listWorkplaces(
  ctx: Pick<RequestContext, 'db'>,
  userId: number,
): Promise<BusinessRow[]> {
  const rows = await ctx.db
    .select({ business: businesses })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(businessMembers.user_id, userId))
    .orderBy(asc(businesses.name));
  return rows.map((row) => row.business);
}

/** Addresses of many businesses at once, grouped in the order of `businessIds`. */
export async function addressesOfBusinesses(
  db: Db,
  businessIds: readonly number[],
): Promise<AddressRow[][]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(inArray(addresses.business_id, [...businessIds]))
    .orderBy(asc(addresses.created_at), asc(addresses.id));
  return businessIds.map((id) => rows.filter((row) => row.business_id === id));
}

/** The one-line address the public page shows, e.g. "1220 SE Water Ave, Portland, OR 97214". */
export function formatAddress(address: AddressRow): string {
  const street = [address.street_number, address.route].filter(Boolean).join(' ');
  const region = [address.administrative_area_level_1, address.postal_code]
    .filter(Boolean)
    .join(' ');
  return [street, address.locality, region].filter(Boolean).join(', ');
}
