import { normalizeEmail, privacyDeadline } from '@bevy/core';
import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessMembers,
  campaignRecipients,
  checkouts,
  emailChangeRequests,
  follows,
  invitations,
  loginAttempts,
  mailOutbox,
  marketingConsents,
  memberships,
  orders,
  passwordResetTokens,
  privacyRequests,
  rateLimitEvents,
  savedAddresses,
  tickets,
  users,
  waitlistEntries,
  wholesaleApplications,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import { badInput, DomainError, notFound } from '../../platform/domain-error';
import { checkCurrentPassword, emailSubject, endAllSessions } from '../accounts/index';
import { endMembership } from '../clubs/index';
import { refundTicket } from '../events/index';
import { queueMail, suppressAddress } from '../mail/index';
import { cancelOrderForErasure, message, type Block } from '../orders/index';
import { removeStoredDocument } from '../wholesale/index';
import {
  deletionPreview,
  isCancelledOnErasure,
  upcomingTicketsOf,
} from './erasure-preview.service';
import {
  DELETED_ACCOUNT_NAME,
  DELETED_BUYER_NAME,
  identifyingValues,
  redact,
  redactJson,
  reducedAddress,
  standInEmail,
} from './erasure-scrub';

/**
 * "Delete my account" (GDPR Art. 17, CCPA's right to delete), in one transaction: open orders
 * are cancelled and refunded through the orders module, memberships ended through the clubs
 * module, upcoming tickets refunded through the events module; what US alcohol law keeps for 3
 * years stays, pseudonymised; the rest is deleted (decision 024).
 */

export type ErasureContext = ServiceContext;

const PASSWORD_REFUSED = 'That is not your password. Nothing was deleted.';
const EMAIL_REFUSED = 'Type your account’s email exactly to confirm. Nothing was deleted.';

/** A password hash no password matches: verifyPassword refuses any other scheme. */
const UNUSABLE_PASSWORD = 'erased$account';

export interface DeletionResult {
  cancelledOrders: string[];
  keptOrders: string[];
  refundedTickets: number;
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

/** Every address, name and phone the person gave, for the redaction of free text and mail. */
async function identifiersOf(db: Db, user: typeof users.$inferSelect) {
  const given = await db
    .select({
      name: orders.contact_name,
      email: orders.contact_email,
      phone: orders.contact_phone,
      number: orders.number,
      fulfillment: orders.fulfillment_address,
      billing: orders.billing_address,
    })
    .from(orders)
    .where(eq(orders.buyer_id, user.id));
  const phones = await db
    .select({ phone: memberships.contact_phone, address: memberships.address })
    .from(memberships)
    .where(eq(memberships.user_id, user.id));
  const saved = await db
    .select({ address: savedAddresses.address })
    .from(savedAddresses)
    .where(eq(savedAddresses.user_id, user.id));
  const addresses = [
    ...given.flatMap((g) => [g.fulfillment, g.billing]),
    ...phones.map((p) => p.address),
    ...saved.map((s) => s.address),
  ].flatMap((address) => (address ? [address.name, address.line1, address.line2] : []));
  const emails = [user.email, ...given.map((g) => normalizeEmail(g.email))];
  const phoneList = [...given.map((g) => g.phone), ...phones.map((p) => p.phone)];
  return {
    emails: [...new Set(emails)],
    // Mail naming one of these is about this person; a bare name could be someone else's.
    selectors: identifyingValues([...emails, ...phoneList, ...given.map((g) => g.number)]),
    values: identifyingValues([
      ...emails,
      user.name,
      ...given.flatMap((g) => [g.name, g.phone]),
      ...phones.map((p) => p.phone),
      ...addresses,
    ]),
  };
}

/** Cancels, ends and refunds what is still open, through the modules that own the money. */
async function closeOpenThings(ctx: ErasureContext, userId: number): Promise<DeletionResult> {
  const open = await ctx.db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.buyer_id, userId),
        inArray(orders.status, [
          'placed',
          'accepted',
          'ready_for_pickup',
          'out_for_delivery',
          'shipped',
        ]),
      ),
    )
    .orderBy(orders.id);
  const result: DeletionResult = {
    cancelledOrders: [],
    keptOrders: [],
    refundedTickets: 0,
    endedMemberships: 0,
  };
  for (const order of open) {
    if (isCancelledOnErasure(order.status)) {
      await cancelOrderForErasure(ctx, order.id);
      result.cancelledOrders.push(order.number);
    } else {
      result.keptOrders.push(order.number);
    }
  }
  // Tickets on orders cancelled above are refunded already; these are on completed orders.
  for (const { ticket } of await upcomingTicketsOf(ctx, userId)) {
    await refundTicket(ctx, ticket, 'Refunded because the buyer deleted their account');
    result.refundedTickets += 1;
  }
  const live = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.user_id, userId), ne(memberships.status, 'cancelled')));
  for (const m of live) {
    await endMembership(ctx.db, m.id, 'The member deleted their account', ctx.clock.now());
    result.endedMemberships += 1;
  }
  return result;
}

/** Kept records (orders, checkouts, memberships, tickets) lose who the buyer was. */
async function pseudonymiseKept(db: Db, userId: number, values: readonly string[]) {
  const standIn = standInEmail(userId);
  const bought = await db
    .select({
      id: orders.id,
      fulfillment: orders.fulfillment_address,
      billing: orders.billing_address,
    })
    .from(orders)
    .where(eq(orders.buyer_id, userId));
  for (const order of bought) {
    await db
      .update(orders)
      .set({
        contact_name: DELETED_BUYER_NAME,
        contact_email: standIn,
        contact_phone: '',
        fulfillment_address: reducedAddress(order.fulfillment),
        billing_address: reducedAddress(order.billing),
      })
      .where(eq(orders.id, order.id));
  }
  const paid = await db
    .select({ id: checkouts.id, answer: checkouts.answer })
    .from(checkouts)
    .where(eq(checkouts.buyer_id, userId));
  for (const checkout of paid) {
    if (!checkout.answer) continue;
    await db
      .update(checkouts)
      .set({ answer: redactJson(checkout.answer, values, DELETED_BUYER_NAME) })
      .where(eq(checkouts.id, checkout.id));
  }
  const joined = await db
    .select({ id: memberships.id, address: memberships.address })
    .from(memberships)
    .where(eq(memberships.user_id, userId));
  for (const m of joined) {
    await db
      .update(memberships)
      .set({
        address: reducedAddress(m.address),
        contact_phone: '',
        card_customer_id: 'erased',
        card_payment_method_id: 'erased',
      })
      .where(eq(memberships.id, m.id));
  }
  await db.update(tickets).set({ attendee_name: null }).where(eq(tickets.buyer_id, userId));
}

/** What only served the person is deleted; shared logs keep a stand-in. */
async function deletePersonal(db: Db, userId: number, emails: readonly string[]) {
  const standIn = standInEmail(userId);
  await db.delete(savedAddresses).where(eq(savedAddresses.user_id, userId));
  await db.delete(emailChangeRequests).where(eq(emailChangeRequests.user_id, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, userId));
  await db.delete(follows).where(eq(follows.user_id, userId));
  await db.delete(waitlistEntries).where(eq(waitlistEntries.user_id, userId));
  await db.delete(businessMembers).where(eq(businessMembers.user_id, userId));
  await db
    .delete(marketingConsents)
    .where(or(eq(marketingConsents.user_id, userId), inArray(marketingConsents.email, emails)));
  await db.delete(invitations).where(inArray(invitations.email, emails));
  const mine = or(
    eq(campaignRecipients.user_id, userId),
    inArray(campaignRecipients.email, emails),
  );
  await db.delete(campaignRecipients).where(and(mine, eq(campaignRecipients.status, 'pending')));
  // A sent message stays in its campaign's report, without its address.
  await db
    .update(campaignRecipients)
    .set({ email: sql`${standIn} || '#' || ${campaignRecipients.id}`, user_id: null })
    .where(mine);
  await db.delete(loginAttempts).where(inArray(loginAttempts.email, emails));
  await db.delete(rateLimitEvents).where(
    inArray(
      rateLimitEvents.subject,
      emails.map((email) => emailSubject(email)),
    ),
  );
  await db.delete(mailOutbox).where(inArray(mailOutbox.to_address, emails));
  await db
    .update(privacyRequests)
    .set({ requester_email: standIn, requester_name: null, user_id: userId })
    .where(inArray(privacyRequests.requester_email, emails));
}

/** Mail to others (producers' order mail) keeps its story but not the buyer's details. */
async function redactMail(db: Db, selectors: readonly string[], values: readonly string[]) {
  if (selectors.length === 0) return;
  const mentions = or(
    ...selectors.map((value) =>
      or(
        like(sql`lower(${mailOutbox.subject})`, `%${value.toLowerCase()}%`),
        like(sql`lower(${mailOutbox.text_body})`, `%${value.toLowerCase()}%`),
        like(sql`lower(coalesce(${mailOutbox.html_body}, ''))`, `%${value.toLowerCase()}%`),
      ),
    ),
  );
  const rows = await db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      text: mailOutbox.text_body,
      html: mailOutbox.html_body,
    })
    .from(mailOutbox)
    .where(mentions);
  for (const row of rows) {
    await db
      .update(mailOutbox)
      .set({
        subject: redact(row.subject, values, DELETED_BUYER_NAME),
        text_body: redact(row.text, values, DELETED_BUYER_NAME),
        html_body: row.html === null ? null : redact(row.html, values, DELETED_BUYER_NAME),
      })
      .where(eq(mailOutbox.id, row.id));
  }
}

function confirmationMail(to: string, siteName: string, done: DeletionResult) {
  const blocks: Block[] = [
    { kind: 'heading', text: `Your ${siteName} account is deleted` },
    {
      kind: 'paragraph',
      text: 'As you asked, we deleted your account: your name, email, date of birth, password, saved addresses, follows, marketing consents and any wholesale application are gone, and producers’ marketing will not reach this address again.',
    },
  ];
  if (done.cancelledOrders.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Cancelled and refunded to your card: ${done.cancelledOrders.join(', ')}. Refunds take 5–10 days to show.`,
    });
  }
  if (done.keptOrders.length > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Already on their way, left to complete: ${done.keptOrders.join(', ')}.`,
    });
  }
  if (done.endedMemberships + done.refundedTickets > 0) {
    blocks.push({
      kind: 'paragraph',
      text: `Club memberships cancelled: ${done.endedMemberships}. Tickets refunded: ${done.refundedTickets}.`,
    });
  }
  blocks.push({
    kind: 'paragraph',
    text: 'US alcohol law requires us to keep records of sales for 3 years: your orders stay with their producers as “Deleted buyer”, with only the state and first three ZIP digits of addresses. This is the last email we send you.',
  });
  return message(to, `Your ${siteName} account is deleted`, blocks);
}

/**
 * Deletes the signed-in person's account, confirmed by their password and their email typed.
 * Returns what was done; the caller clears the session cookie. Licence files are removed after
 * the commit (a failed commit must not lose them).
 */
export async function deleteMyAccount(
  ctx: ErasureContext,
  input: { password: string; email: string },
): Promise<DeletionResult> {
  const user = await confirmOwner(ctx, input);
  const now = ctx.clock.now();
  const files: string[] = [];
  const done = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const inTx: ErasureContext = { ...ctx, db };
    const { emails, selectors, values } = await identifiersOf(db, user);
    const result = await closeOpenThings(inTx, user.id);
    await pseudonymiseKept(db, user.id, values);
    const applications = await db
      .delete(wholesaleApplications)
      .where(eq(wholesaleApplications.user_id, user.id))
      .returning({ path: wholesaleApplications.document_path });
    files.push(...applications.map((a) => a.path));
    await deletePersonal(db, user.id, emails);
    await redactMail(db, selectors, values);
    await endAllSessions(db, user.id);
    for (const email of emails) await suppressAddress(db, email, 'erased');
    await db
      .update(users)
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: standInEmail(user.id),
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
      .where(eq(users.id, user.id));
    await db.insert(privacyRequests).values({
      kind: 'deletion',
      law: 'gdpr',
      channel: 'self_service',
      status: 'completed',
      user_id: user.id,
      requester_email: standInEmail(user.id),
      received_at: now,
      due_at: privacyDeadline('gdpr', now),
      resolved_at: now,
      resolution_note: `Deleted by the person. Cancelled ${result.cancelledOrders.length} orders, ended ${result.endedMemberships} memberships, refunded ${result.refundedTickets} tickets.`,
    });
    // The one record of the old address left: the confirmation, sent to it (decision 024).
    await queueMail({ db, config: ctx.config }, [
      confirmationMail(user.email, ctx.config.SITE_NAME, result),
    ]);
    return result;
  });
  for (const file of files) {
    await removeStoredDocument(ctx.config.UPLOADS_DIR, file).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'a deleted account’s licence file could not be removed'),
    );
  }
  return done;
}

export { deletionPreview };
