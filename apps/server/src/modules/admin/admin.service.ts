import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, users } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { containsPattern, type Page } from '../../platform/paging';
import type { UserRow } from '../accounts/index';
import { endAllSessions } from '../accounts/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;

const SEARCH_MAX_LENGTH = 200;

/** Users whose name or email contains `search` (any case), newest first. */
export async function listUsers(
  ctx: Pick<ServiceContext, 'db'>,
  input: { search?: string | null } & Page,
): Promise<{ total: number; users: UserRow[] }> {
  const search = input.search?.trim().slice(0, SEARCH_MAX_LENGTH) ?? '';
  let where: SQL | undefined;
  if (search) {
    const pattern = containsPattern(search);
    where = or(ilike(users.name, pattern), ilike(users.email, pattern));
  }
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.created_at), desc(users.id))
      .offset(input.offset)
      .limit(input.limit),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return { total: total?.n ?? 0, users: rows };
}

/** Grants or removes admin rights; an admin cannot remove their own. */
export async function setUserAdmin(
  ctx: Pick<ServiceContext, 'db'>,
  actorId: number,
  input: { userId: number; isAdmin: boolean },
  now = new Date(),
): Promise<UserRow> {
  if (input.userId === actorId && !input.isAdmin) {
    throw badInput('You cannot remove your own admin rights.');
  }
  const [row] = await ctx.db
    .update(users)
    .set({ is_admin: input.isAdmin, updated_at: now })
    .where(eq(users.id, input.userId))
    .returning();
  if (!row) throw notFound('There is no such user.');
  return row;
}

/**
 * Disables an account (it can no longer log in, and its sessions end at once, in the same
 * transaction) or enables it again. An admin cannot disable themself.
 */
export async function setUserDisabled(
  ctx: Pick<ServiceContext, 'db'>,
  actorId: number,
  input: { userId: number; disabled: boolean },
  now = new Date(),
): Promise<UserRow> {
  if (input.userId === actorId && input.disabled) {
    throw badInput('You cannot disable your own account.');
  }
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .update(users)
      .set({
        // Disabling twice keeps the first moment.
        disabled_at: input.disabled
          ? sql`coalesce(${users.disabled_at}, ${now.toISOString()}::timestamptz)`
          : null,
        updated_at: now,
      })
      .where(eq(users.id, input.userId))
      .returning();
    if (!row) throw notFound('There is no such user.');
    if (input.disabled) await endAllSessions(db, row.id);
    return row;
  });
}

/** Sent email, newest first. */
export async function listOutbox(
  ctx: Pick<ServiceContext, 'db'>,
  page: Page,
): Promise<{ total: number; messages: OutboxRow[] }> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db.select({ n: count() }).from(mailOutbox),
  ]);
  return { total: total?.n ?? 0, messages: rows };
}
