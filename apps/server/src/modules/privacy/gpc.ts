import type { FastifyInstance, FastifyRequest } from 'fastify';
import { privacyDeadline } from '@bevy/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { recordAnsweredRequest } from './requests.service';

/**
 * Global Privacy Control (decision 025): a browser sending `Sec-GPC: 1` tells us its user opts
 * out of the sale and sharing of their personal data, which CCPA makes binding.
 */

/** Whether this request carries the Global Privacy Control signal. */
export const sendsGpc = (request: Pick<FastifyRequest, 'headers'>) =>
  request.headers['sec-gpc'] === '1';

/**
 * Records a signed-in person's GPC opt-out, once: the date on their account and a completed
 * opt-out request (channel gpc) in their privacy history. Returns whether this call recorded it;
 * a second call, here or in another process, changes nothing.
 */
export async function recordGpcOptOut(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [user] = await db
      .update(users)
      .set({ gpc_opt_out_at: now })
      .where(and(eq(users.id, userId), isNull(users.gpc_opt_out_at), isNull(users.deleted_at)))
      .returning({ id: users.id });
    if (!user) return false;
    await recordAnsweredRequest(db, {
      kind: 'opt_out',
      law: 'ccpa',
      channel: 'gpc',
      user_id: user.id,
      received_at: now,
      due_at: privacyDeadline('ccpa', now),
      resolved_at: now,
      resolution_note: 'Global Privacy Control signal honoured automatically.',
    });
    return true;
  });
}

/**
 * Honours the signal on GraphQL requests, which every page of the web app makes and which
 * resolve the viewer anyway: the session's row already says whether the opt-out is recorded, so
 * a person whose opt-out is on file costs no query at all, and nobody costs a write twice.
 * Static files and pages are left alone: they would pay a session lookup for nothing.
 */
export function registerGpc(app: FastifyInstance, graphqlPath = '/graphql') {
  app.addHook('preHandler', async (request) => {
    if (!sendsGpc(request) || request.routeOptions.url !== graphqlPath) return;
    const ctx = await request.serviceContext();
    const viewer = ctx.viewer;
    if (!viewer || viewer.gpcOptOutAt) return;
    try {
      if (await recordGpcOptOut(ctx, viewer.id)) {
        viewer.gpcOptOutAt = ctx.clock.now();
        request.log.info({ userId: viewer.id }, 'Global Privacy Control opt-out recorded');
      }
    } catch (err) {
      // The person's own request still goes ahead; their next one records the opt-out.
      request.log.warn({ err, userId: viewer.id }, 'Global Privacy Control opt-out not recorded');
    }
  });
}
