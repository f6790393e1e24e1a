import { normalizeEmail, privacyDeadline } from '@bevy/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  memberships,
  orders,
  privacyRequests,
  tickets,
  users,
  wholesaleApplications,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import { badInput, DomainError, notFound } from '../../platform/domain-error';
import { checkCurrentPassword, endAllSessions } from '../accounts/index';
import { endMembership } from '../clubs/index';
import { refundTicket } from '../events/index';
import { queueMail, suppressAddress } from '../mail/index';
import { cancelOrderForErasure, message, type Block } from '../orders/index';
import { removeStoredDocument } from '../wholesale/index';
import { deletionPreview } from './erasure-preview.service';
import { deletePersonal, identifiersOf, pseudonymiseKept, redactMail } from './erasure-records';
import {
  deletionBlockers,
  isCancelledOnErasure,
  isTicketRefundedOnErasure,
  openOrdersOf,
  upcomingTicketsOf,
} from './erasure-rules';
import { DELETED_ACCOUNT_NAME, standInEmail } from './erasure-scrub';

/**
 * "Delete my account" (GDPR Art. 17, CCPA's right to delete), in two steps (decision 024):
 * first the money moves, each committed on its own by the module that owns it (orders the buyer
 * could still cancel, tickets their event's policy still refunds), so a later failure never
 * rolls back a refund the provider made; then one short transaction, under a lock on the
 * account, pseudonymises what US alcohol law keeps for 3 years and deletes the rest. A retry
 * after a failure is safe: what was cancelled or refunded is skipped.
 */

export type ErasureContext = ServiceContext;

const PASSWORD_REFUSED = 'That is not your password. Nothing was deleted.';
const EMAIL_REFUSED = 'Type your account’s email exactly to confirm. Nothing was deleted.';
const DELETED_ALREADY = 'This account is deleted already.';

/** A password hash no password matches: verifyPassword refuses any other scheme. */
const UNUSABLE_PASSWORD = 'erased$account';

export interface DeletionResult {
  cancelledOrders: string[];
  /** Of cancelledOrders, those on invoice: nothing was charged, the invoice is withdrawn. */
  invoiceOrders: string[];
  keptOrders: string[];
  refundedTickets: number;
  /** Tickets the event's refund policy no longer refunds: kept, without the attendee's name. */
  keptTickets: number;
  endedMemberships: number;
}

async function confirmOwner(ctx: ErasureContext, input: { password: string; email: string }) {
  const viewer = requireViewer(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, viewer.id));
  if (!user || user.deleted_at) throw notFound('There is no such account.');
  // Counted with every other check of the current password, so a session left open on a shared
  // computer cannot be used to guess it.
  await checkCurrentPassword(ctx, user, input.password, 'password').catch((error: unknown) => {
    const wrong = error instanceof DomainError && error.code === 'BAD_USER_INPUT';
    throw wrong ? badInput(PASSWORD_REFUSED, 'password') : error;
  });
  if (normalizeEmail(input.email) !== user.email) throw badInput(EMAIL_REFUSED, 'email');
  return user;
}

async function refuseIfBlocked(db: Db, userId: number) {
  const [problem] = await deletionBlockers(db, userId);
  if (problem) throw badInput(problem);
}

/**
 * Runs one money move; when it fails because a parallel deletion (a double submit) did it
 * first, that is not an error: `done` reads whether it is done now.
 */
async function unlessDone(move: () => Promise<void>, done: () => Promise<boolean>) {
  try {
    await move();
    return true;
  } catch (error) {
    if (error instanceof DomainError && (await done())) return false;
    throw error;
  }
}

/** Cancels and refunds what the buyer could, each in its own transaction. */
async function moveMoney(ctx: ErasureContext, userId: number): Promise<DeletionResult> {
  const result: DeletionResult = {
    cancelledOrders: [],
    invoiceOrders: [],
    keptOrders: [],
    refundedTickets: 0,
    keptTickets: 0,
    endedMemberships: 0,
  };
  for (const order of await openOrdersOf(ctx.db, userId)) {
    if (!isCancelledOnErasure(order)) {
      result.keptOrders.push(order.number);
      continue;
    }
    const moved = await unlessDone(
      () => cancelOrderForErasure(ctx, order.id),
      async () => {
        const [now] = await ctx.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order.id));
        return now?.status === 'cancelled';
      },
    );
    if (!moved) continue;
    result.cancelledOrders.push(order.number);
    if (order.paymentMethod === 'invoice') result.invoiceOrders.push(order.number);
  }
  const now = ctx.clock.now();
  for (const upcoming of await upcomingTicketsOf(ctx, userId)) {
    if (!isTicketRefundedOnErasure(now, upcoming)) {
      result.keptTickets += 1;
      continue;
    }
    const { ticket } = upcoming;
    const moved = await unlessDone(
      () => refundTicket(ctx, ticket, 'Refunded because the buyer deleted their account'),
      async () => {
        const [row] = await ctx.db
          .select({ status: tickets.status })
          .from(tickets)
          .where(eq(tickets.id, ticket.id));
        return row?.status === 'refunded';
      },
    );
    if (moved) result.refundedTickets += 1;
  }
  return result;
}

function confirmationMail(to: string, siteName: string, done: DeletionResult) {
  const blocks: Block[] = [
    { kind: 'heading', text: `Your ${siteName} account is deleted` },
    {
      kind: 'paragraph',
      text: 'As you asked, we deleted your account: your name, email, date of birth, password, saved addresses, follows, marketing consents and any wholesale application are gone, and producers’ marketing will not reach this address again.',
    },
  ];
  const byCard = done.cancelledOrders.filter((n) => !done.invoiceOrders.includes(n));
  if (byCard.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Cancelled and refunded to your card: ${byCard.join(', ')}. Refunds take 5–10 days to show.`,
    });
  }
  if (done.invoiceOrders.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Cancelled, with their invoices withdrawn (nothing to pay): ${done.invoiceOrders.join(', ')}.`,
    });
  }
  if (done.keptOrders.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Left to complete, as the producer has them in hand: ${done.keptOrders.join(', ')}. For a refund, contact the producer.`,
    });
  }
  if (done.endedMemberships + done.refundedTickets + done.keptTickets > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Club memberships cancelled: ${done.endedMemberships}. Tickets refunded: ${done.refundedTickets}. Tickets kept without your name (past their event’s refund deadline): ${done.keptTickets}.`,
    });
  }
  blocks.push({
    kind: 'paragraph',
    text: 'US alcohol law requires us to keep records of sales for 3 years: your orders stay with their producers as “Deleted buyer”, with only the state and first three ZIP digits of addresses. This is the last email we send you.',
  });
  return message(to, `Your ${siteName} account is deleted`, blocks);
}

/** The scrub, in one short transaction under a lock on the account row. */
async function scrub(ctx: ErasureContext, userId: number, result: DeletionResult) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deleted_at) throw badInput(DELETED_ALREADY);
    await refuseIfBlocked(db, userId);
    const live = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.user_id, userId), ne(memberships.status, 'cancelled')));
    for (const m of live) {
      await endMembership(db, m.id, 'The member deleted their account', now);
      result.endedMemberships += 1;
    }
    const { email, selectors, values } = await identifiersOf(db, user);
    await pseudonymiseKept(db, userId, values);
    const applications = await db
      .delete(wholesaleApplications)
      .where(eq(wholesaleApplications.user_id, userId))
      .returning({ path: wholesaleApplications.document_path });
    await deletePersonal(db, userId, email);
    await redactMail(db, selectors, values);
    await endAllSessions(db, userId);
    await suppressAddress(db, email, 'erased');
    await db
      .update(users)
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: standInEmail(userId),
        password_hash: UNUSABLE_PASSWORD,
        date_of_birth: '1900-01-01',
        is_admin: false,
        wholesale_access_expires_on: null,
        wholesale_reminder_sent_for: null,
        gpc_opt_out_at: null,
        disabled_at: now,
        deleted_at: now,
        updated_at: now,
      })
      .where(eq(users.id, userId));
    await db.insert(privacyRequests).values({
      kind: 'deletion',
      law: 'gdpr',
      channel: 'self_service',
      status: 'completed',
      user_id: null,
      requester_email: standInEmail(userId),
      received_at: now,
      due_at: privacyDeadline('gdpr', now),
      resolved_at: now,
      resolution_note: `Deleted by the person. Cancelled ${result.cancelledOrders.length} orders, ended ${result.endedMemberships} memberships, refunded ${result.refundedTickets} tickets.`,
    });
    // The one record of the old address left: the confirmation, sent to it (decision 024).
    await queueMail({ db, config: ctx.config }, [
      confirmationMail(email, ctx.config.SITE_NAME, result),
    ]);
    return applications.map((a) => a.path);
  });
}

/**
 * Deletes the signed-in person's account, confirmed by their password and their email typed.
 * Refused while a payment is in flight or when a business or the site would be left without
 * anyone. Returns what was done; the caller clears the session cookie. Licence files are
 * removed after the commit (a failed commit must not lose them).
 */
export async function deleteMyAccount(
  ctx: ErasureContext,
  input: { password: string; email: string },
): Promise<DeletionResult> {
  const user = await confirmOwner(ctx, input);
  await refuseIfBlocked(ctx.db, user.id);
  const result = await moveMoney(ctx, user.id);
  const files = await scrub(ctx, user.id, result);
  for (const file of files) {
    await removeStoredDocument(ctx.config.UPLOADS_DIR, file).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'a deleted account’s licence file could not be removed'),
    );
  }
  return result;
}

export { deletionPreview };
