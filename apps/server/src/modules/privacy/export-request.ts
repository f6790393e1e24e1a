import { privacyDeadline } from '@bevy/core';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privacyRequests } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { tooManyRequests } from '../../platform/domain-error';
import { recordRequest } from '../accounts/index';
import { recordAnsweredRequest } from './requests.service';

/**
 * The bookkeeping of "Download my data": each download builds a whole zip in memory, so a person
 * gets 10 an hour; the register of requests gets one answered access request per person per day,
 * not one per click, and like every answered request it keeps no address or name (decision 025).
 */

export const EXPORT_LIMIT = {
  max: 10,
  windowMs: 60 * 60 * 1000,
  message: 'You have downloaded your data 10 times in the last hour. Wait an hour and try again.',
};

export async function admitExport(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
): Promise<void> {
  const now = ctx.clock.now();
  const limited = await recordRequest(
    ctx.db,
    'privacy-export',
    EXPORT_LIMIT.windowMs,
    [{ subject: `user:${userId}`, max: EXPORT_LIMIT.max, message: EXPORT_LIMIT.message }],
    now,
  );
  if (limited) throw tooManyRequests(limited.message);
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const [recorded] = await ctx.db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.user_id, userId),
        eq(privacyRequests.kind, 'access'),
        eq(privacyRequests.channel, 'self_service'),
        gte(privacyRequests.received_at, today),
      ),
    )
    .limit(1);
  if (recorded) return;
  await ctx.db.transaction((tx) =>
    recordAnsweredRequest(tx as unknown as Db, {
      kind: 'access',
      law: 'gdpr',
      channel: 'self_service',
      user_id: userId,
      received_at: now,
      due_at: privacyDeadline('gdpr', now),
      resolved_at: now,
      resolution_note: 'Downloaded by the person at once.',
    }),
  );
}
