import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businessMembers } from '../db/tables';
import type { ServiceContext, Viewer } from './context';
import { forbidden, unauthenticated } from './domain-error';

/** The signed-in user, or UNAUTHENTICATED. */
export function requireViewer(ctx: Pick<ServiceContext, 'viewer'>): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** An admin, or UNAUTHENTICATED / FORBIDDEN. */
export function requireAdmin(ctx: Pick<ServiceContext, 'viewer'>): Viewer {
  const viewer = requireViewer(ctx);
  if (!viewer.isAdmin) throw forbidden('Only administrators can do that.');
  return viewer;
}

/**
 * The businesses a viewer works at, read once per viewer object (one per request), however many
 * checks ask: a list of businesses costs one query, in GraphQL and REST alike.
 */
const workplacesOfViewer = new WeakMap<Viewer, Promise<Set<number>>>();

export function workplaceIds(
  ctx: Pick<ServiceContext, 'db'>,
  viewer: Viewer,
): Promise<Set<number>> {
  let workplaces = workplacesOfViewer.get(viewer);
  if (!workplaces) {
    workplaces = readWorkplaces(ctx.db, viewer.id);
    workplacesOfViewer.set(viewer, workplaces);
    // A failed read is not remembered: the next check asks again.
    workplaces.catch(() => workplacesOfViewer.delete(viewer));
  }
  return workplaces;
}

/** Forgets the viewer's workplaces after they changed (a business created, a member added). */
export function forgetWorkplaces(viewer: Viewer): void {
  workplacesOfViewer.delete(viewer);
}

async function readWorkplaces(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ user_id: businessMembers.user_id, business_id: businessMembers.business_id })
    .from(businessMembers)
    .where(eq(businessMembers.user_id, userId));
  return new Set(rows.map((row) => row.business_id));
}

/** Whether the caller manages the business: works there, or is an admin. Refuses nothing. */
export async function managesBusiness(
  ctx: Pick<ServiceContext, 'viewer' | 'db'>,
  businessId: number,
): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin) return true;
  return (await workplaceIds(ctx, ctx.viewer)).has(businessId);
}

/** A member of the business (its seller) or an admin, or UNAUTHENTICATED / FORBIDDEN. */
export async function requireMember(
  ctx: Pick<ServiceContext, 'viewer' | 'db'>,
  businessId: number,
  refusal = 'Only people who work at this business can do that.',
): Promise<Viewer> {
  const viewer = requireViewer(ctx);
  if (!(await managesBusiness(ctx, businessId))) throw forbidden(refusal);
  return viewer;
}
