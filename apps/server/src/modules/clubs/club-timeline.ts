import { isoDate, shiftDate, type HoldReason } from '@bevy/core';
import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessMembers,
  clubReleases,
  clubs,
  clubShipments,
  memberships,
  users,
} from '../../db/tables';
import { defineJob } from '../jobs/index';
import { queueMail, type MailMessage } from '../mail/index';
import {
  memberProblemEmail,
  producerPrecheckEmail,
  releaseNoticeEmail,
  renewalReminderEmail,
} from './club-emails';
import {
  membersById,
  resumeEndedPauses,
  retryDueCharges,
  runRelease,
  type RunContext,
} from './club-run';
import { timelineOf } from './member-changes.service';
import {
  catalogFor,
  holdsOf,
  linesOf,
  loadReleaseForRun,
  priceShipment,
  type ReleaseForRun,
} from './shipment-pricing';

/**
 * A club's calendar, moved on by one job (decision 019): pauses that end, each release's notice
 * and pre-run checks 7 days ahead, its run on the charge date, the retries due, and each member's
 * yearly restatement of the renewal terms. Every step is marked done in the database when it is,
 * so running it again (a retried job, a second process) repeats nothing.
 */

/** Members who receive a release: active ones, and paused ones whose pause ends by its date. */
async function receivingMembers(db: Db, run: ReleaseForRun) {
  return db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(
      and(
        eq(memberships.club_id, run.club.id),
        ne(memberships.status, 'cancelled'),
        lte(memberships.joined_on, run.release.charge_on),
        // A subscriber receives only the release of their next order.
        sql`coalesce(${memberships.next_charge_on}, ${run.release.charge_on}) = ${run.release.charge_on}`,
        sql`(${memberships.status} = 'active' or ${memberships.paused_until} <= ${run.release.charge_on})`,
        // Not skipped by the member.
        sql`not exists (select 1 from club_shipments s where s.release_id = ${run.release.id}
          and s.membership_id = ${memberships.id} and s.outcome = 'skipped')`,
      ),
    );
}

/** Marks a release's step done; false when another process did it first. */
async function claimStep(db: Db, releaseId: number, step: 'notice_sent_at' | 'prechecked_at') {
  const column =
    step === 'notice_sent_at' ? clubReleases.notice_sent_at : clubReleases.prechecked_at;
  const [claimed] = await db
    .update(clubReleases)
    .set({ [step]: new Date() })
    .where(and(eq(clubReleases.id, releaseId), isNull(column)))
    .returning({ id: clubReleases.id });
  return claimed !== undefined;
}

/** Tells each receiving member the release's contents and amount. */
async function noticeEmails(ctx: RunContext, run: ReleaseForRun): Promise<MailMessage[]> {
  const members = await receivingMembers(ctx.db, run);
  const shipments = await ctx.db
    .select()
    .from(clubShipments)
    .where(eq(clubShipments.release_id, run.release.id));
  const timeline = timelineOf(run.club, run.release.charge_on);
  const messages: MailMessage[] = [];
  for (const { membership, user } of members) {
    const own = shipments.find((row) => row.membership_id === membership.id)?.lines ?? null;
    const lines = linesOf(run, membership.tier_id, own);
    const catalog = await catalogFor(ctx, run, lines);
    const priced = priceShipment(
      run,
      catalog,
      {
        tierId: membership.tier_id,
        mode: membership.fulfillment_mode,
        address: membership.address,
      },
      lines,
    );
    if (!priced.ok) continue;
    messages.push(
      releaseNoticeEmail(ctx.config, {
        user,
        club: run.club,
        membershipId: membership.id,
        title: run.release.title,
        chargeOn: run.release.charge_on,
        customizeThrough: timeline.customizeThrough,
        lines: priced.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          unitPriceCents: line.unitPrice,
        })),
        amountCents: priced.totals.total,
      }),
    );
  }
  return messages;
}

/**
 * The checks the run will make, made a week ahead: each member with a problem is told what to
 * fix, and the producer's people get the list.
 */
async function precheckEmails(ctx: RunContext, run: ReleaseForRun): Promise<MailMessage[]> {
  const members = await receivingMembers(ctx.db, run);
  const problems: { name: string; reasons: HoldReason[] }[] = [];
  const messages: MailMessage[] = [];
  for (const { membership, user } of members) {
    const reasons = holdsOf(run, membership, user);
    if (reasons.length === 0) continue;
    problems.push({ name: user.name, reasons });
    messages.push(
      memberProblemEmail(ctx.config, {
        user,
        club: run.club,
        membershipId: membership.id,
        chargeOn: run.release.charge_on,
        reasons,
        atRun: false,
      }),
    );
  }
  if (problems.length > 0) {
    const staff = await ctx.db
      .select({ email: users.email })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.user_id))
      .where(eq(businessMembers.business_id, run.business.id));
    for (const { email } of staff) {
      messages.push(
        producerPrecheckEmail(ctx.config, {
          to: email,
          club: run.club,
          businessSlug: run.business.slug,
          chargeOn: run.release.charge_on,
          members: problems,
        }),
      );
    }
  }
  return messages;
}

/**
 * A release's step, once: its emails are composed, then in one transaction the step is marked
 * done and they are queued, so a second process finds it done and a crash leaves it to do again.
 */
async function onceFor(
  ctx: RunContext,
  run: ReleaseForRun,
  step: 'notice_sent_at' | 'prechecked_at',
  compose: (ctx: RunContext, run: ReleaseForRun) => Promise<MailMessage[]>,
) {
  const messages = await compose(ctx, run);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (await claimStep(db, run.release.id, step)) {
      await queueMail({ db, config: ctx.config }, messages);
    }
  });
}

/** Restates the renewal terms to each member a year after they joined, and every year after. */
export async function sendRenewalReminders(ctx: RunContext, today: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const due = await db
      .update(memberships)
      .set({ reminded_on: today })
      .where(
        and(
          ne(memberships.status, 'cancelled'),
          sql`(coalesce(${memberships.reminded_on}, ${memberships.joined_on}) + interval '1 year')::date <= ${today}::date`,
        ),
      )
      .returning();
    if (due.length === 0) return 0;
    const people = await membersById(
      db,
      due.map((row) => row.id),
    );
    await queueMail(
      { db, config: ctx.config },
      due.map((membership) => {
        const person = people.find((row) => row.membership.id === membership.id)!;
        return renewalReminderEmail(ctx.config, {
          user: person.user,
          club: { name: person.clubName },
          membership,
        });
      }),
    );
    return due.length;
  });
}

/** Releases whose step has come: notice and checks `noticeDays` / 7 days ahead, runs on the day. */
async function dueReleases(db: Db, today: string) {
  return db
    .select({ release: clubReleases, noticeDays: clubs.notice_days })
    .from(clubReleases)
    .innerJoin(clubs, eq(clubs.id, clubReleases.club_id))
    .where(
      and(
        inArray(clubReleases.status, ['scheduled', 'running']),
        sql`${clubReleases.charge_on} <= (${today}::date + greatest(${clubs.notice_days}, 7))`,
      ),
    );
}

/** Moves every club's calendar on to `ctx.clock`'s day. */
export async function advanceClubCalendar(ctx: RunContext): Promise<void> {
  const today = isoDate(ctx.clock.now());
  await resumeEndedPauses(ctx.db, today);
  for (const { release, noticeDays } of await dueReleases(ctx.db, today)) {
    const run = await loadReleaseForRun(ctx.db, release.id);
    if (!run) continue;
    if (
      release.notice_sent_at === null &&
      shiftDate(release.charge_on, -noticeDays) <= today &&
      release.charge_on > today
    ) {
      await onceFor(ctx, run, 'notice_sent_at', noticeEmails);
    }
    if (
      release.prechecked_at === null &&
      shiftDate(release.charge_on, -7) <= today &&
      release.charge_on > today
    ) {
      await onceFor(ctx, run, 'prechecked_at', precheckEmails);
    }
    if (release.charge_on <= today) await runRelease(ctx, release.id);
  }
  await retryDueCharges(ctx);
  await sendRenewalReminders(ctx, today);
}

/** Every 10 minutes: a run starts soon after its day begins, and a killed one resumes. */
export const clubCalendarJob = defineJob({
  name: 'clubs.advance-calendar',
  schedule: '*/10 * * * *',
  // A run of many thousands of members takes minutes; a run cut short resumes where it stopped.
  timeoutSeconds: 60 * 60,
  async run(ctx) {
    await advanceClubCalendar(ctx);
  },
});
