import { normalizeEmail } from '@bevy/core';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { users } from '../../db/tables';
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
} from '../../db/tables';
import { emailSubject } from '../accounts/index';
import {
  DELETED_BUYER_NAME,
  identifyingValues,
  redact,
  redactJson,
  reducedAddress,
  standInEmail,
} from './erasure-scrub';

/**
 * The scrub of a deletion (decision 024). The person is their account: its id and its own email.
 * Addresses typed at checkout (orders.contact_email) are free text anyone could fill with someone
 * else's address, so they never select rows of other tables; they are only redacted inside the
 * person's own orders and the mail about them.
 */

/** The most mail one deletion rewrites: keeps the scan and the transaction short. */
const MAX_MAIL_ROWS = 2000;

export interface Identifiers {
  /** The account's own email: the only address whose records are the person's. */
  email: string;
  /** Strings whose presence makes a mail about this person: their email and order numbers. */
  selectors: string[];
  /** Everything redacted inside their kept records and the mail about them. */
  values: string[];
}

/** Every address, name and phone the person gave, for the redaction of free text and mail. */
export async function identifiersOf(db: Db, user: typeof users.$inferSelect): Promise<Identifiers> {
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
  const joined = await db
    .select({ phone: memberships.contact_phone, address: memberships.address })
    .from(memberships)
    .where(eq(memberships.user_id, user.id));
  const saved = await db
    .select({ address: savedAddresses.address })
    .from(savedAddresses)
    .where(eq(savedAddresses.user_id, user.id));
  const addresses = [
    ...given.flatMap((g) => [g.fulfillment, g.billing]),
    ...joined.map((p) => p.address),
    ...saved.map((s) => s.address),
  ].flatMap((address) => (address ? [address.name, address.line1, address.line2] : []));
  return {
    email: user.email,
    selectors: identifyingValues([user.email, ...given.map((g) => g.number)]),
    values: identifyingValues([
      user.email,
      user.name,
      ...given.flatMap((g) => [g.name, normalizeEmail(g.email), g.phone]),
      ...joined.map((p) => p.phone),
      ...addresses,
    ]),
  };
}

/** Kept records (orders, checkouts, memberships, tickets) lose who the buyer was. */
export async function pseudonymiseKept(db: Db, userId: number, values: readonly string[]) {
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
        // Not null columns: a stand-in that no card or page reads as real.
        card_brand: 'erased',
        card_last4: '',
        card_exp_month: 1,
        card_exp_year: 1900,
      })
      .where(eq(memberships.id, m.id));
  }
  await db.update(tickets).set({ attendee_name: null }).where(eq(tickets.buyer_id, userId));
}

/** What only served the person is deleted; shared logs keep a stand-in. */
export async function deletePersonal(db: Db, userId: number, email: string) {
  const standIn = standInEmail(userId);
  await db.delete(savedAddresses).where(eq(savedAddresses.user_id, userId));
  await db.delete(emailChangeRequests).where(eq(emailChangeRequests.user_id, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, userId));
  await db.delete(follows).where(eq(follows.user_id, userId));
  await db.delete(businessMembers).where(eq(businessMembers.user_id, userId));
  await db
    .delete(marketingConsents)
    .where(or(eq(marketingConsents.user_id, userId), eq(marketingConsents.email, email)));
  await db.delete(invitations).where(eq(invitations.email, email));
  const mine = or(eq(campaignRecipients.user_id, userId), eq(campaignRecipients.email, email));
  await db.delete(campaignRecipients).where(and(mine, eq(campaignRecipients.status, 'pending')));
  // A sent message stays in its campaign's report, without its address.
  await db
    .update(campaignRecipients)
    .set({ email: sql`${standIn} || '#' || ${campaignRecipients.id}`, user_id: null })
    .where(mine);
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
  await db
    .delete(rateLimitEvents)
    .where(inArray(rateLimitEvents.subject, [emailSubject(email), `user:${userId}`]));
  await db.delete(mailOutbox).where(eq(mailOutbox.to_address, email));
  await privacyRequestsOf(db, userId, email);
}

/**
 * Open requests are the person's asks still to answer: their address stays so an admin can reply
 * (answering replaces it). Answered ones keep only what was asked and when.
 */
async function privacyRequestsOf(db: Db, userId: number, email: string) {
  const theirs = or(
    eq(privacyRequests.user_id, userId),
    eq(privacyRequests.requester_email, email),
  );
  await db
    .update(privacyRequests)
    .set({ user_id: null })
    .where(and(theirs, eq(privacyRequests.status, 'open')));
  await db
    .update(privacyRequests)
    .set({
      requester_email: standInEmail(userId),
      requester_name: null,
      details: null,
      user_id: null,
    })
    .where(and(theirs, ne(privacyRequests.status, 'open')));
}

/** Mail to others (producers' order mail) keeps its story but not the buyer's details. */
export async function redactMail(db: Db, selectors: readonly string[], values: readonly string[]) {
  if (selectors.length === 0) return;
  // strpos rather than LIKE: a "%" or "_" in a value is a character, not a wildcard.
  const mentions = or(
    ...selectors.map((value) => {
      const v = value.toLowerCase();
      return or(
        sql`strpos(lower(${mailOutbox.subject}), ${v}) > 0`,
        sql`strpos(lower(${mailOutbox.text_body}), ${v}) > 0`,
        sql`strpos(lower(coalesce(${mailOutbox.html_body}, '')), ${v}) > 0`,
      );
    }),
  );
  const rows = await db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      text: mailOutbox.text_body,
      html: mailOutbox.html_body,
    })
    .from(mailOutbox)
    .where(mentions)
    .orderBy(mailOutbox.id)
    .limit(MAX_MAIL_ROWS);
  for (const row of rows) {
    await db
      .update(mailOutbox)
      .set({
        subject: redact(row.subject, values, DELETED_BUYER_NAME),
        text_body: redact(row.text, values, DELETED_BUYER_NAME),
        html_body:
          row.html === null ? null : redact(row.html, values, DELETED_BUYER_NAME, { html: true }),
      })
      .where(eq(mailOutbox.id, row.id));
  }
}
