import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { privacyRequests, users } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { defineJob } from '../jobs';
import { queueMail } from '../mail/index';
import { message, type Block } from '../orders/index';
import { KIND_PHRASES } from './requests-emails';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the reminder looks: a week leaves time to answer. */
export const REMINDER_HORIZON_DAYS = 7;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function whenDue(dueAt: Date, now: Date): string {
  const days = Math.ceil((dueAt.getTime() - now.getTime()) / DAY_MS);
  if (days < 0) return `OVERDUE by ${-days} ${days === -1 ? 'day' : 'days'}`;
  if (days === 0) return 'due today';
  return `due in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * Mails every administrator the open privacy requests due within a week (or overdue), soonest
 * first; nothing when there are none. Returns how many requests it named.
 */
export async function remindAdminsOfDueRequests(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>,
): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      law: privacyRequests.law,
      dueAt: privacyRequests.due_at,
    })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.status, 'open'),
        lte(privacyRequests.due_at, new Date(now.getTime() + REMINDER_HORIZON_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(privacyRequests.due_at));
  if (due.length === 0) return 0;
  const admins = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.is_admin, true), isNull(users.disabled_at), isNull(users.deleted_at)));
  const subject = `${due.length} privacy ${due.length === 1 ? 'request is' : 'requests are'} due within ${REMINDER_HORIZON_DAYS} days`;
  await queueMail(
    ctx,
    admins.map((admin) =>
      message(admin.email, subject, [
        {
          kind: 'paragraph',
          text: 'These requests must be answered by their legal deadline (GDPR: one month; CCPA: 45 days):',
        },
        ...due.map((request): Block => ({
          kind: 'paragraph',
          text:
            `#${request.id}: ${KIND_PHRASES[request.kind]} (${request.law.toUpperCase()}), ` +
            `${whenDue(request.dueAt, now)}, by ${longDate.format(request.dueAt)}`,
        })),
        { kind: 'link', label: 'Open the queue', href: `${ctx.config.publicUrl}/admin/privacy` },
      ]),
    ),
  );
  return due.length;
}

/** Every morning (UTC): reminds the admins of privacy requests nearing their deadline. */
export const privacyDueReminderJob = defineJob({
  name: 'privacy.remind-due-requests',
  schedule: '0 8 * * *',
  async run(ctx) {
    const named = await remindAdminsOfDueRequests(ctx);
    if (named > 0) ctx.log.info({ requests: named }, 'admins reminded of due privacy requests');
  },
});
