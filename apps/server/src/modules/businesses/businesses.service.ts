import { RESERVED_BUSINESS_SLUGS, firstFreeSlug, slugFromName } from '@bevy/core';
import {
  type AddressUpdate,
  type BusinessUpdate,
  type FulfillmentFeesInput,
  type newBusinessSchema,
} from '@bevy/core/business-schemas';
import { and, asc, eq, inArray, isNotNull, like, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { addresses, businessMembers, businessTags, businesses, tags } from '../../db/tables';
import { businessChanged, inTransaction } from '../../platform/changes';
import type { ServiceContext } from '../../platform/context';
import { badInput } from '../../platform/domain-error';
import { locateZip } from '../geo/index';

type NewBusiness = z.infer<typeof newBusinessSchema>;

export type BusinessRow = typeof businesses.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

export async function findBusinessBySlug(
  ctx: Pick<ServiceContext, 'db'>,
  slug: string,
): Promise<BusinessRow | null> {
  const [row] = await ctx.db.select().from(businesses).where(eq(businesses.slug, slug)).limit(1);
  return row ?? null;
}

export async function findBusinessById(
  ctx: Pick<ServiceContext, 'db'>,
  id: number,
): Promise<BusinessRow | null> {
  const [row] = await ctx.db.select().from(businesses).where(eq(businesses.id, id)).limit(1);
  return row ?? null;
}

export async function listBusinessesBySlug(
  ctx: Pick<ServiceContext, 'db'>,
  slug: string,
): Promise<BusinessRow[]> {
  const row = await findBusinessBySlug(ctx, slug);
  return row ? [row] : [];
}

/** The businesses a user works at, by name. */
export async function listWorkplaces(
  ctx: Pick<ServiceContext, 'db'>,
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

/** GraphQL field names that differ from their column names. */
const COLUMN_OF: Record<string, keyof BusinessRow> = {
  heroImgUrl: 'hero_img_url',
  logoImgUrl: 'logo_img_url',
};

/** Values from the original's "set form" (`{ name: { set: "New" } }`); absent fields are left as they are. */
export function valuesFromSetForm(update: Record<string, { set?: unknown } | null | undefined>) {
  return Object.fromEntries(
    Object.entries(update)
      .filter(([, operation]) => operation && 'set' in operation && operation.set !== undefined)
      .map(([field, operation]) => [field, operation!.set]),
  );
}

/** Changes a business's fields (already authorized); returns the updated row. */
export async function updateBusinessFields(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  businessId: number,
  fields: BusinessUpdate,
): Promise<BusinessRow> {
  const values: Partial<typeof businesses.$inferInsert> = { updated_at: ctx.clock.now() };
  for (const [field, value] of Object.entries(fields)) {
    const column = COLUMN_OF[field] ?? (field as keyof BusinessRow);
    (values as Record<string, unknown>)[column] =
      field === 'sales_tax_rate' ? (value as number).toFixed(4) : value;
  }
  const [row] = await ctx.db
    .update(businesses)
    .set(values)
    .where(eq(businesses.id, businessId))
    .returning();
  await ctx.changes.record(businessChanged(businessId));
  return row!;
}

/** Replaces a business's delivery and shipping fees (already authorized and checked). */
export async function updateBusinessFees(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  businessId: number,
  fees: FulfillmentFeesInput,
): Promise<BusinessRow> {
  const [row] = await ctx.db
    .update(businesses)
    .set({ ...fees, updated_at: ctx.clock.now() })
    .where(eq(businesses.id, businessId))
    .returning();
  await ctx.changes.record(businessChanged(businessId));
  return row!;
}

/** Map position of a ZIP code, or BAD_USER_INPUT on `field` when no such ZIP exists. */
function coordinatesOfZip(zip: string | null | undefined, field: string) {
  if (!zip) return { latitude: null, longitude: null };
  const location = locateZip(zip);
  if (!location) throw badInput(`We could not find the ZIP code ${zip}.`, field);
  return { latitude: location.lat, longitude: location.lng };
}

/** Changes an address; a new ZIP code also moves its map position (offline ZIP data). */
export async function updateAddressFields(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  addressId: string,
  fields: AddressUpdate,
): Promise<AddressRow> {
  const { country, ...rest } = fields;
  const values: Partial<typeof addresses.$inferInsert> = { ...rest, updated_at: ctx.clock.now() };
  // Country is required; clearing it means the default, the United States.
  if (country !== undefined) values.country = country ?? 'US';
  if ('postal_code' in fields)
    Object.assign(values, coordinatesOfZip(fields.postal_code, 'postal_code'));
  const [row] = await ctx.db
    .update(addresses)
    .set(values)
    .where(eq(addresses.id, addressId))
    .returning();
  if (row?.business_id) await ctx.changes.record(businessChanged(row.business_id));
  return row!;
}

export async function findAddress(
  ctx: Pick<ServiceContext, 'db'>,
  addressId: string,
): Promise<AddressRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(addressId)) return null;
  const [row] = await ctx.db.select().from(addresses).where(eq(addresses.id, addressId)).limit(1);
  return row ?? null;
}

/** Replaces the tags of a business with `tagIds` (which must be tags, not categories). */
export async function replaceBusinessTags(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  businessId: number,
  tagIds: number[],
): Promise<void> {
  const unique = [...new Set(tagIds)];
  await inTransaction(ctx, async (tx) => {
    const db = tx.db;
    if (unique.length > 0) {
      const found = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(inArray(tags.id, unique), isNotNull(tags.categorized_by_id)));
      if (found.length !== unique.length) {
        throw badInput('One of those tags does not exist.', 'tags');
      }
    }
    await db.delete(businessTags).where(eq(businessTags.business_id, businessId));
    if (unique.length > 0) {
      await db
        .insert(businessTags)
        .values(unique.map((tag_id) => ({ business_id: businessId, tag_id })));
    }
    await tx.changes.record(businessChanged(businessId));
  });
}

/** A slug no other business uses, based on `wanted`. */
async function freeSlug(db: Db, wanted: string): Promise<string> {
  const taken = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(or(eq(businesses.slug, wanted), like(businesses.slug, `${wanted}-%`)));
  return firstFreeSlug(
    wanted,
    new Set([...RESERVED_BUSINESS_SLUGS, ...taken.map((row) => row.slug)]),
  );
}

/** Creates a business and makes the creator work at it, in one transaction. */
export async function createWorkplace(
  ctx: Pick<ServiceContext, 'db' | 'changes' | 'clock'>,
  userId: number,
  input: NewBusiness,
): Promise<BusinessRow> {
  const address = input.address ?? {};
  const coordinates = coordinatesOfZip(address.postal_code, 'address.postal_code');
  // Two businesses of one name created at once may both find the same slug free; the unique
  // constraint refuses the second, which then looks again.
  for (let attempt = 1; ; attempt++) {
    try {
      const business = await insertWorkplace(ctx.db, userId, input, coordinates);
      await ctx.changes.record(businessChanged(business.id));
      return business;
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'businesses_slug_unique')) throw error;
    }
  }
}

async function insertWorkplace(
  database: Db,
  userId: number,
  input: NewBusiness,
  coordinates: { latitude: number | null; longitude: number | null },
): Promise<BusinessRow> {
  const address = input.address ?? {};
  return database.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const slug = await freeSlug(db, input.slug ?? slugFromName(input.name));
    const [business] = await db
      .insert(businesses)
      .values({
        name: input.name,
        slug,
        description: input.description ?? '',
        website: input.website ?? null,
        international_phone_number: input.international_phone_number ?? null,
        sales_tax_rate: (input.sales_tax_rate ?? 0).toFixed(4),
      })
      .returning();
    await db.insert(addresses).values({
      business_id: business!.id,
      street_number: address.street_number ?? null,
      route: address.route ?? null,
      locality: address.locality ?? null,
      administrative_area_level_1: address.administrative_area_level_1 ?? null,
      postal_code: address.postal_code ?? null,
      ...coordinates,
    });
    await db.insert(businessMembers).values({ user_id: userId, business_id: business!.id });
    return business!;
  });
}
