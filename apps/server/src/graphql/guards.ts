import { and, eq } from 'drizzle-orm';
import { businessMembers } from '../db/schema';
import type { RequestContext, Viewer } from './context';
import { forbidden, unauthenticated } from './errors';

/** The signed-in user, or UNAUTHENTICATED. */
export function requireViewer(ctx: Pick<RequestContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** An admin, or UNAUTHENTICATED / FORBIDDEN. */
export function requireAdmin(ctx: Pick<RequestContext, 'viewer'>): Viewer {
  const viewer = requireViewer(ctx);
  if (!viewer.isAdmin) throw forbidden('Only administrators can do that.');
  return viewer;
}

export async function worksAt(
  ctx: Pick<RequestContext, 'db'>,
  userId: number,
  businessId: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ user_id: businessMembers.user_id })
    .from(businessMembers)
    .where(and(eq(businessMembers.user_id, userId), eq(businessMembers.business_id, businessId)))
    .limit(1);
  return row !== undefined;
}

/** What the membership checks need; GraphQL requests also bring their loaders. */
type MembershipContext = Pick<RequestContext, 'viewer' | 'db'> & {
  loaders?: Pick<RequestContext['loaders'], 'workplaceIdsOfUser'>;
};

/**
 * Whether the caller manages the business: works there, or is an admin. Refuses nothing. In a
 * GraphQL request the caller's workplaces are read once, so a list of businesses costs one query.
 */
export async function managesBusiness(
  ctx: MembershipContext,
  businessId: number,
): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin) return true;
  if (ctx.loaders)
    return (await ctx.loaders.workplaceIdsOfUser.load(ctx.viewer.id)).has(businessId);
  return worksAt(ctx, ctx.viewer.id, businessId);
}

/** A member of the business (its seller) or an admin, or UNAUTHENTICATED / FORBIDDEN. */
export async function requireMember(ctx: MembershipContext, businessId: number): Promise<Viewer> {
  const viewer = requireViewer(ctx);
  if (!(await managesBusiness(ctx, businessId))) {
    throw forbidden('Only people who work at this business can do that.');
  }
  return viewer;
}
