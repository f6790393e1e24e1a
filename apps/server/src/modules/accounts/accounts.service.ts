import { hasWholesaleAccess } from '@bevy/core';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { RequestContext } from '../../graphql/context';

export type UserRow = typeof users.$inferSelect;

export async function findViewer(
  ctx: Pick<RequestContext, 'db' | 'viewer'>,
): Promise<UserRow | null> {
  if (!ctx.viewer) return null;
  const [row] = await ctx.db.select().from(users).where(eq(users.id, ctx.viewer.id)).limit(1);
  return row ?? null;
}

/** An approved wholesale buyer whose licence has not expired sees wholesale prices. */
export function seesWholesalePricing(user: UserRow, now = new Date()): boolean {
  return hasWholesaleAccess(user.wholesale_access_expires_on, now);
}
