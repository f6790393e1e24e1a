import { orderAddressSchema } from '@bevy/core/checkout-schemas';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { savedAddresses, users } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';

/** Addresses a person may keep; a household and a few offices fit easily. */
export const MAX_SAVED_ADDRESSES = 20;

export const savedAddressSchema = z.object({
  label: z
    .string({ error: 'Name this address, like “Home”.' })
    .trim()
    .min(1, 'Name this address, like “Home”.')
    .max(50, 'Use at most 50 characters for the name of the address.'),
  address: orderAddressSchema,
  isDefault: z.boolean().nullish(),
});

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

type Ctx = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

const NOT_FOUND_MESSAGE = 'There is no such saved address.';

/** The person's saved addresses, the default first, then in the order they were added. */
export async function listSavedAddresses(ctx: Ctx): Promise<SavedAddressRow[]> {
  const viewer = requireViewer(ctx);
  return ctx.db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.user_id, viewer.id))
    .orderBy(desc(savedAddresses.is_default), asc(savedAddresses.id))
    .limit(MAX_SAVED_ADDRESSES);
}

/**
 * Runs `work` with the person's row locked, so their addresses change one request at a time
 * (the count against the limit and the one default stay true under parallel requests).
 */
async function withOwnerLocked<T>(ctx: Ctx, work: (db: Db, userId: number) => Promise<T>) {
  const viewer = requireViewer(ctx);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for('no key update');
    return work(db, viewer.id);
  });
}

function parse(input: unknown) {
  const parsed = savedAddressSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

async function clearDefault(db: Db, userId: number, except?: number) {
  await db
    .update(savedAddresses)
    .set({ is_default: false })
    .where(
      except === undefined
        ? eq(savedAddresses.user_id, userId)
        : and(eq(savedAddresses.user_id, userId), ne(savedAddresses.id, except)),
    );
}

export async function addSavedAddress(ctx: Ctx, input: unknown): Promise<SavedAddressRow> {
  const data = parse(input);
  return withOwnerLocked(ctx, async (db, userId) => {
    const [row] = await db
      .select({ n: count() })
      .from(savedAddresses)
      .where(eq(savedAddresses.user_id, userId));
    const existing = row?.n ?? 0;
    if (existing >= MAX_SAVED_ADDRESSES) {
      throw badInput(
        `You can keep at most ${MAX_SAVED_ADDRESSES} addresses. Delete one you no longer use first.`,
      );
    }
    // The first address is the default until the person picks another.
    const isDefault = existing === 0 || Boolean(data.isDefault);
    if (isDefault) await clearDefault(db, userId);
    const [created] = await db
      .insert(savedAddresses)
      .values({
        user_id: userId,
        label: data.label,
        address: data.address,
        is_default: isDefault,
        created_at: ctx.clock.now(),
        updated_at: ctx.clock.now(),
      })
      .returning();
    return created!;
  });
}

async function ownAddress(db: Db, userId: number, id: number): Promise<SavedAddressRow> {
  const [row] = await db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.user_id, userId)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  return row;
}

export async function updateSavedAddress(
  ctx: Ctx,
  id: number,
  input: unknown,
): Promise<SavedAddressRow> {
  const data = parse(input);
  return withOwnerLocked(ctx, async (db, userId) => {
    const current = await ownAddress(db, userId, id);
    // Unticking "default" on the default keeps it: there is always one while any exist.
    const isDefault = current.is_default || Boolean(data.isDefault);
    if (isDefault) await clearDefault(db, userId, id);
    const [updated] = await db
      .update(savedAddresses)
      .set({
        label: data.label,
        address: data.address,
        is_default: isDefault,
        updated_at: ctx.clock.now(),
      })
      .where(eq(savedAddresses.id, id))
      .returning();
    return updated!;
  });
}

export async function setDefaultSavedAddress(ctx: Ctx, id: number): Promise<SavedAddressRow> {
  return withOwnerLocked(ctx, async (db, userId) => {
    await ownAddress(db, userId, id);
    await clearDefault(db, userId);
    const [updated] = await db
      .update(savedAddresses)
      .set({ is_default: true, updated_at: ctx.clock.now() })
      .where(eq(savedAddresses.id, id))
      .returning();
    return updated!;
  });
}

/** Deletes an address; when it was the default, the oldest remaining one becomes the default. */
export async function deleteSavedAddress(ctx: Ctx, id: number): Promise<void> {
  await withOwnerLocked(ctx, async (db, userId) => {
    const current = await ownAddress(db, userId, id);
    await db.delete(savedAddresses).where(eq(savedAddresses.id, id));
    if (!current.is_default) return;
    const [next] = await db
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.user_id, userId))
      .orderBy(asc(savedAddresses.id))
      .limit(1);
    if (next) {
      await db
        .update(savedAddresses)
        .set({ is_default: true })
        .where(eq(savedAddresses.id, next.id));
    }
  });
}
