import { isoDate, nextSubscriptionChargeOn } from '@bevy/core';
import { and, asc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import pMap from 'p-map';
import type { Db } from '../../db/client';
import {
  clubChargeTries,
  clubReleases,
  clubs,
  clubShipments,
  memberships,
  users,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { PaymentProviderError, type ChargeOutcome } from '../../platform/payment-provider';
import { recordDecline, recordPaidAnswers } from './charge-answer';
import { prepareTries, type ChargeTry } from './shipment-prepare';
import { ensureSubscriptionReleases } from './releases.service';
import { loadReleaseForRun, type ReleaseForRun } from './shipment-pricing';

/**
 * The run of a release (decision 019): every active member gets one shipment row, then shipments
 * are claimed in batches (`for update skip locked`, so processes share the work and never a
 * row), each is checked (age, account, address, card, stock), gets one order and a charge try
 * written before the provider is asked with the try's key, and the answer is recorded once. A
 * batch's orders and tries are written together, and its paid answers settled together.
 * A process that dies leaves its shipments 'charging' until their lease passes; whoever runs
 * next asks the provider again with the same key, and gets the first answer.
 */

export type RunContext = Pick<ServiceContext, 'db' | 'payments' | 'clock' | 'config' | 'log'>;

export interface RunOptions {
  /** Shipments claimed at a time. */
  batchSize?: number;
  /** Members charged at once within a batch. */
  concurrency?: number;
  /** How long a claimed shipment is left to its process before another may resume it. */
  leaseSeconds?: number;
  /** For tests: called between the steps; throwing there stops the run as a crash would. */
  onStep?: (step: 'prepared' | 'answered', shipmentId: number) => void | Promise<void>;
}

const DEFAULTS = { batchSize: 100, concurrency: 8, leaseSeconds: 300 };

/** A claimed shipment with its member, and its unanswered try if a process left one. */
export interface ClaimedShipment {
  shipment: typeof clubShipments.$inferSelect;
  membership: typeof memberships.$inferSelect;
  clubName: string;
  user: Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'date_of_birth' | 'disabled_at'>;
  asking: typeof clubChargeTries.$inferSelect | null;
}

/**
 * Makes a shipment for each member of the club not yet in the release: active members to be
 * charged, paused ones skipped. Memberships whose pause has ended are active again first. A
 * subscription's release is its subscribers' whose next order falls on its date; their next
 * order moves on by their cadence in the same transaction, and its release is made.
 */
async function enrolMembers(db: Db, run: ReleaseForRun, today: string) {
  await resumeEndedPauses(db, today, run.club.id);
  if (run.club.subscription_cadences) {
    await db.transaction((tx) => enrolSubscribers(tx as unknown as Db, run));
    return;
  }
  await db.execute(sql`
    insert into club_shipments (release_id, membership_id, outcome)
    select ${run.release.id}, m.id,
      (case when m.status = 'paused' then 'skipped' else 'pending' end)::club_shipment_outcome
    from memberships m
    where m.club_id = ${run.club.id} and m.status <> 'cancelled' and m.joined_on <= ${run.release.charge_on}
    on conflict (release_id, membership_id) do nothing`);
}

async function enrolSubscribers(db: Db, run: ReleaseForRun) {
  const due = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.club_id, run.club.id),
        ne(memberships.status, 'cancelled'),
        eq(memberships.next_charge_on, run.release.charge_on),
      ),
    )
    .for('update');
  if (due.length === 0) return;
  await db
    .insert(clubShipments)
    .values(
      due.map((member) => ({
        release_id: run.release.id,
        membership_id: member.id,
        outcome: member.status === 'paused' ? ('skipped' as const) : ('pending' as const),
      })),
    )
    .onConflictDoNothing();
  const next = due.map((member) => ({
    id: member.id,
    on: nextSubscriptionChargeOn(member.cadence!, member.joined_on, run.release.charge_on),
  }));
  await db.execute(sql`
    update memberships as m set next_charge_on = v.next_on, updated_at = now()
    from (values ${sql.join(
      next.map((entry) => sql`(${entry.id}::int, ${entry.on}::date)`),
      sql`, `,
    )}) as v(id, next_on)
    where m.id = v.id`);
  await ensureSubscriptionReleases(
    db,
    run.club,
    next.map((entry) => entry.on),
  );
}

/** Paused memberships whose pause ends on or before `today` become active again. */
export async function resumeEndedPauses(db: Db, today: string, clubId?: number): Promise<number> {
  const resumed = await db
    .update(memberships)
    .set({ status: 'active', paused_until: null, status_reason: null, updated_at: new Date() })
    .where(
      and(
        eq(memberships.status, 'paused'),
        sql`${memberships.paused_until} <= ${today}`,
        clubId === undefined ? undefined : eq(memberships.club_id, clubId),
      ),
    )
    .returning({ id: memberships.id });
  return resumed.length;
}

/**
 * Claims up to `limit` shipments meeting `which` (or 'charging' ones whose lease has passed):
 * they become 'charging' under a new lease, and no other process can claim them meanwhile.
 */
export async function claimShipments(
  db: Db,
  claim: { scope?: SQL; which: SQL },
  now: Date,
  options: { limit: number; leaseSeconds: number },
): Promise<ClaimedShipment[]> {
  const left = and(eq(clubShipments.outcome, 'charging'), lt(clubShipments.lease_until, now));
  const candidates = db
    .select({ id: clubShipments.id })
    .from(clubShipments)
    .where(and(claim.scope, or(claim.which, left)))
    .orderBy(asc(clubShipments.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(clubShipments)
    .set({
      outcome: 'charging',
      lease_until: new Date(now.getTime() + options.leaseSeconds * 1000),
      updated_at: now,
    })
    .where(inArray(clubShipments.id, candidates))
    .returning();
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => row.id);
  // One after the other: the claim's transaction is one connection.
  const members = await membersById(
    db,
    claimed.map((row) => row.membership_id),
  );
  const asking = await db
    .select()
    .from(clubChargeTries)
    .where(and(inArray(clubChargeTries.shipment_id, ids), eq(clubChargeTries.status, 'asking')));
  const byMembership = new Map(members.map((row) => [row.membership.id, row]));
  return claimed.map((shipment) => ({
    shipment,
    ...byMembership.get(shipment.membership_id)!,
    asking: asking.find((entry) => entry.shipment_id === shipment.id) ?? null,
  }));
}

/** Each release a batch touches, loaded once. */
export type ReleaseLoader = (releaseId: number) => Promise<ReleaseForRun>;

function releaseLoader(db: Db, known?: ReleaseForRun): ReleaseLoader {
  const loaded = new Map<number, Promise<ReleaseForRun>>();
  if (known) loaded.set(known.release.id, Promise.resolve(known));
  return (releaseId) => {
    let found = loaded.get(releaseId);
    if (!found) {
      found = loadReleaseForRun(db, releaseId).then((run) => {
        if (!run) throw new Error(`Release ${releaseId} is gone.`);
        return run;
      });
      loaded.set(releaseId, found);
    }
    return found;
  };
}

/** Claims batch after batch and charges each claimed shipment, until none is left. */
async function chargeAll(
  ctx: RunContext,
  claim: { scope?: SQL; which: SQL },
  releases: ReleaseLoader,
  options: RunOptions,
): Promise<number> {
  const { batchSize, concurrency, leaseSeconds } = { ...DEFAULTS, ...options };
  let processed = 0;
  for (;;) {
    const claimed = await ctx.db.transaction((tx) =>
      claimShipments(tx as unknown as Db, claim, ctx.clock.now(), {
        limit: batchSize,
        leaseSeconds,
      }),
    );
    if (claimed.length === 0) return processed;
    await chargeBatch(ctx, releases, claimed, { ...options, concurrency });
    processed += claimed.length;
  }
}

/** Memberships with their club's name and their member, by id. */
export function membersById(db: Db, ids: number[]) {
  return db
    .select({
      membership: memberships,
      clubName: clubs.name,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        date_of_birth: users.date_of_birth,
        disabled_at: users.disabled_at,
      },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .where(inArray(memberships.id, ids));
}

/** The provider's answer to a try, or null when it could not be reached. */
async function ask(
  ctx: RunContext,
  claimed: ClaimedShipment,
  attempt: ChargeTry,
): Promise<ChargeOutcome | null> {
  try {
    return await ctx.payments.chargeSavedCard({
      amountCents: attempt.amount_cents,
      customerId: claimed.membership.card_customer_id,
      paymentMethodId: claimed.membership.card_payment_method_id,
      transferGroup: `club-shipment-${claimed.shipment.id}`,
      idempotencyKey: attempt.idempotency_key,
      description: `Club release, shipment ${claimed.shipment.id}`,
      receiptEmail: claimed.user.email,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.warn(
      { err: error, shipmentId: claimed.shipment.id },
      'a club charge could not reach the provider; it is asked again after its lease',
    );
    return null;
  }
}

/**
 * A claimed batch through its tries: prepared together, each asked (several at once) with its
 * key, declines recorded one by one as they come and the paid ones settled together. A shipment
 * whose answer is not recorded (an outage at the provider, a crash) stays 'charging' for a
 * later run to ask again with the same key.
 */
async function chargeBatch(
  ctx: RunContext,
  releases: ReleaseLoader,
  claimed: readonly ClaimedShipment[],
  options: RunOptions & { concurrency: number },
): Promise<void> {
  const tries = await prepareTries(ctx, releases, claimed);
  const paid: { attempt: ChargeTry; outcome: Extract<ChargeOutcome, { status: 'succeeded' }> }[] =
    [];
  await pMap(
    claimed.filter((entry) => tries.has(entry.shipment.id)),
    async (entry) => {
      const attempt = tries.get(entry.shipment.id)!;
      await options.onStep?.('prepared', entry.shipment.id);
      const outcome = await ask(ctx, entry, attempt);
      if (!outcome) return;
      await options.onStep?.('answered', entry.shipment.id);
      if (outcome.status === 'succeeded') paid.push({ attempt, outcome });
      else await recordDecline(ctx, entry, attempt, outcome);
    },
    { concurrency: options.concurrency },
  );
  await recordPaidAnswers(ctx, paid);
}

export interface RunSummary {
  releaseId: number;
  /** Shipments this call worked on. */
  processed: number;
  /** Whether every member's shipment has an outcome (none pending or charging). */
  finished: boolean;
}

/**
 * Runs a release on (or after) its charge date: enrols the members, then charges them batch by
 * batch until none is left to claim. Safe to run again, or in two processes at once.
 */
export async function runRelease(
  ctx: RunContext,
  releaseId: number,
  options: RunOptions = {},
): Promise<RunSummary> {
  const run = await loadReleaseForRun(ctx.db, releaseId);
  const today = isoDate(ctx.clock.now());
  if (!run || run.release.status === 'draft' || run.release.charge_on > today) {
    return { releaseId, processed: 0, finished: false };
  }
  if (run.release.status === 'scheduled') {
    await ctx.db
      .update(clubReleases)
      .set({ status: 'running', updated_at: new Date() })
      .where(and(eq(clubReleases.id, releaseId), eq(clubReleases.status, 'scheduled')));
  }
  await enrolMembers(ctx.db, run, today);
  const processed = await chargeAll(
    ctx,
    {
      scope: eq(clubShipments.release_id, releaseId),
      which: eq(clubShipments.outcome, 'pending'),
    },
    releaseLoader(ctx.db, run),
    options,
  );
  return { releaseId, processed, finished: await finishIfDone(ctx.db, releaseId) };
}

/** Marks the release done once no shipment is pending or charging; returns whether it is. */
async function finishIfDone(db: Db, releaseId: number): Promise<boolean> {
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clubShipments)
    .where(
      and(
        eq(clubShipments.release_id, releaseId),
        inArray(clubShipments.outcome, ['pending', 'charging']),
      ),
    );
  if (left!.count > 0) return false;
  await db
    .update(clubReleases)
    .set({ status: 'done', run_finished_at: new Date(), updated_at: new Date() })
    .where(and(eq(clubReleases.id, releaseId), eq(clubReleases.status, 'running')));
  return true;
}

/**
 * Tries again every soft-declined charge whose day has come (a card update makes it today), in
 * batches; the order exists already, so each retry is only a new try at the card.
 */
export async function retryDueCharges(ctx: RunContext, options: RunOptions = {}): Promise<number> {
  const today = isoDate(ctx.clock.now());
  return chargeAll(
    ctx,
    {
      which: and(
        eq(clubShipments.outcome, 'retrying'),
        sql`${clubShipments.next_try_on} <= ${today}`,
      )!,
    },
    releaseLoader(ctx.db),
    options,
  );
}

/** A member's charges waiting for a retry, tried now (their card was just updated). */
export function retryMemberCharges(ctx: RunContext, membershipId: number): Promise<number> {
  return chargeAll(
    ctx,
    {
      scope: eq(clubShipments.membership_id, membershipId),
      which: and(
        eq(clubShipments.outcome, 'retrying'),
        sql`${clubShipments.next_try_on} <= ${isoDate(ctx.clock.now())}`,
      )!,
    },
    releaseLoader(ctx.db),
    {},
  );
}
