import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkouts,
  invitations,
  loginAttempts,
  mailOutbox,
  marketingConsents,
  orders,
  privacyRequests,
  rateLimitEvents,
  tickets,
  users,
} from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, orderRequest } from '../checkout/checkout-fixtures';
import { createTestEvent, ticketLine } from '../events/event-fixtures';
import { suppressedAmong } from '../mail/index';
import {
  ADVANCE,
  checkOutOne,
  createUser,
  PLACE_ORDER,
  type TestUser,
} from '../orders/order-management-fixtures';
import { createWorld, DELETE, PASSWORD, PREVIEW, whereFound, type World } from './privacy-fixtures';

/** The review of "Delete my account": whose records it touches, what it refuses, what it keeps. */

const PAYMENT_IN_FLIGHT = 'A payment is still being processed. Try again in a few minutes.';

let t: TestApp;
let world: World;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
}, 120_000);
afterAll(() => t.close());

const deleteMe = (user: TestUser) =>
  gql(t.app, DELETE, { password: PASSWORD, email: user.email }, { cookie: user.cookie });

async function preview(user: TestUser) {
  const result = await gql(t.app, PREVIEW, {}, { cookie: user.cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return result.body.data!.accountDeletionPreview as {
    group: string;
    what: string;
    outcome: string;
  }[];
}

function shipping(contact: { name: string; email: string; phone?: string }) {
  const address = {
    name: contact.name,
    line1: `${100 + Math.floor(Math.random() * 800)} Alder St`,
    city: 'Portland',
    state: 'OR',
    zip: '97211',
  };
  return {
    contact: { phone: '(503) 555-0100', ...contact },
    billingAddress: address,
    fulfillment: [{ businessId: world.shop.id, mode: 'ship', address }],
  };
}

const buy = (user: TestUser, contact: { name: string; email: string }) =>
  checkOutOne(
    t.app,
    user,
    [{ productId: world.productId, quantity: 1 }],
    world.shop.id,
    shipping(contact),
  );

const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe('whose records a deletion touches', () => {
  it('never touches another person whose email was typed as a contact at checkout', async () => {
    const attacker = await createUser(t.app, db(), { name: 'Avery Attacker' });
    const victim = await createUser(t.app, db(), { name: 'Blair Victim' });
    await buy(attacker, { name: 'Avery Attacker', email: victim.email });
    await db().insert(marketingConsents).values({
      business_id: world.shop.id,
      user_id: victim.id,
      email: victim.email,
      status: 'subscribed',
      source: 'follow',
      consent_text: 'Send me news.',
      requested_at: new Date(),
    });
    await db()
      .insert(invitations)
      .values({
        business_id: world.shop.id,
        kind: 'trade',
        email: victim.email,
        token_hash: randomBytes(16).toString('hex'),
        sent_at: new Date(),
        expires_at: new Date(Date.now() + 86_400_000),
      });
    await db()
      .insert(loginAttempts)
      .values({ email: victim.email, ip: '198.51.100.7', succeeded: true });
    await db()
      .insert(rateLimitEvents)
      .values({ action: 'password-reset', subject: `email:${victim.email}` });
    await db().insert(mailOutbox).values({
      to_address: victim.email,
      subject: 'Reset your password',
      text_body: 'Your reset link: https://bevy.example/reset/abc',
      transport: 'outbox',
    });
    await db()
      .insert(privacyRequests)
      .values({
        kind: 'access',
        law: 'gdpr',
        channel: 'form',
        requester_name: 'Blair Victim',
        requester_email: victim.email,
        due_at: new Date(Date.now() + 30 * 86_400_000),
      });
    const snapshot = async () => ({
      consents: await db()
        .select()
        .from(marketingConsents)
        .where(eq(marketingConsents.email, victim.email)),
      invitations: await db().select().from(invitations).where(eq(invitations.email, victim.email)),
      logins: await db().select().from(loginAttempts).where(eq(loginAttempts.email, victim.email)),
      limits: await db()
        .select()
        .from(rateLimitEvents)
        .where(eq(rateLimitEvents.subject, `email:${victim.email}`)),
      resetMail: await db()
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to_address, victim.email),
            eq(mailOutbox.subject, 'Reset your password'),
          ),
        ),
      requests: await db()
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.requester_email, victim.email)),
    });
    const before = await snapshot();
    for (const rows of Object.values(before)) expect(rows.length).toBeGreaterThan(0);

    const result = await deleteMe(attacker);
    expect(result.body.errors).toBeUndefined();

    expect(await snapshot()).toEqual(before);
    expect(await suppressedAmong(db(), [victim.email])).toEqual(new Set());
    const [user] = await db().select().from(users).where(eq(users.id, victim.id));
    expect(user).toMatchObject({ email: victim.email, deleted_at: null });
  });
});

describe('redacting free text', () => {
  it('deletes "Rue", whose orders name "Lin" and "O\'Brien", leaving valid JSON', async () => {
    const rue = await createUser(t.app, db(), { name: 'Rue' });
    await buy(rue, { name: "O'Brien", email: rue.email });
    await buy(rue, { name: 'Lin', email: rue.email });
    const result = await deleteMe(rue);
    expect(result.body.errors).toBeUndefined();
    const answers = await db()
      .select({ answer: checkouts.answer })
      .from(checkouts)
      .where(eq(checkouts.buyer_id, rue.id));
    expect(answers).toHaveLength(2);
    for (const { answer } of answers) {
      expect(answer).toMatchObject({ ok: true });
      const placed = (answer as unknown as { checkout: { orders: Record<string, unknown>[] } })
        .checkout.orders[0]!;
      expect(Array.isArray(placed.lines)).toBe(true);
      expect(placed.fulfillmentAddress).toMatchObject({ city: '', state: 'OR', zip: '972' });
    }
    expect(await whereFound(db(), "O'Brien")).toEqual([]);
    expect(await whereFound(db(), 'O&#39;Brien')).toEqual([]);
  });
});

describe('what a deletion refuses', () => {
  it('waits while a payment is in flight, and shows why in the preview', async () => {
    const buyer = await createUser(t.app, db());
    const order = await buy(buyer, { name: 'Pat Pending', email: buyer.email });
    await db().update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, order.id));
    expect((await deleteMe(buyer)).body.errors?.[0]?.message).toBe(PAYMENT_IN_FLIGHT);
    expect(await preview(buyer)).toContainEqual(
      expect.objectContaining({ group: 'blocked', outcome: PAYMENT_IN_FLIGHT }),
    );
    await db().update(orders).set({ status: 'placed' }).where(eq(orders.id, order.id));
    await db()
      .update(checkouts)
      .set({ status: 'processing' })
      .where(eq(checkouts.buyer_id, buyer.id));
    expect((await deleteMe(buyer)).body.errors?.[0]?.message).toBe(PAYMENT_IN_FLIGHT);
    const [user] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(user!.deleted_at).toBeNull();
    expect((await orderRow(order.id)).status).toBe('placed');
  });

  it('runs once when submitted twice at the same time', async () => {
    const buyer = await createUser(t.app, db());
    const order = await buy(buyer, { name: 'Dee Double', email: buyer.email });
    const results = await Promise.all([deleteMe(buyer), deleteMe(buyer)]);
    const ok = results.filter((r) => !r.body.errors);
    expect(ok).toHaveLength(1);
    const refused = results.find((r) => r.body.errors)!;
    expect(refused.body.errors![0]!.message).toMatch(/deleted already|no such account|log in/i);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'cancelled', refunded_cents: row.total_cents });
    const deletions = await db()
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.requester_email, `erased-${buyer.id}@erased.invalid`));
    expect(deletions.filter((d) => d.kind === 'deletion')).toHaveLength(1);
  });

  it('refuses the only person at a business, naming it, and the only site admin', async () => {
    const lonely = await createProducer(db(), {});
    const owner = await createUser(t.app, db(), { businessIds: [lonely.id] });
    const message = `You are the only person at ${lonely.name}. Add someone else to it before deleting your account.`;
    expect((await deleteMe(owner)).body.errors?.[0]?.message).toBe(message);
    expect(await preview(owner)).toContainEqual(
      expect.objectContaining({ group: 'blocked', outcome: message }),
    );

    const admin = await createUser(t.app, db(), { isAdmin: true });
    await db().update(users).set({ is_admin: false }).where(ne(users.id, admin.id));
    expect((await deleteMe(admin)).body.errors?.[0]?.message).toBe(
      'You are the only site admin. Make someone else an admin before deleting your account.',
    );
    const [still] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(still!.deleted_at).toBeNull();
  });
});

describe('what a deletion keeps', () => {
  it('follows the buyer’s own rules: accepted orders and unrefundable tickets stay', async () => {
    const buyer = await createUser(t.app, db(), { name: 'Kim Keeper' });
    const accepted = await buy(buyer, { name: 'Kim Keeper', email: buyer.email });
    const moved = await gql(
      t.app,
      ADVANCE,
      { id: accepted.id, to: 'accepted' },
      { cookie: world.seller.cookie },
    );
    expect(moved.body.errors).toBeUndefined();
    const event = await createTestEvent(db(), world.shop.id, { refundDaysBefore: null });
    const ticketOrder = await gql(
      t.app,
      PLACE_ORDER,
      {
        input: orderRequest([], [], {
          ...shipping({ name: 'Kim Keeper', email: buyer.email }),
          fulfillment: [],
          tickets: [ticketLine(event.types[0]!.id, 1, ['Kim Keeper'])],
        }),
      },
      { cookie: buyer.cookie },
    );
    expect(ticketOrder.body.errors).toBeUndefined();

    const items = await preview(buyer);
    expect(items).toContainEqual(
      expect.objectContaining({
        group: 'orders_kept',
        what: expect.stringContaining(accepted.number),
        outcome: 'Left to complete: the producer has accepted it, so only they can cancel it.',
      }),
    );
    expect(items.find((i) => i.group === 'tickets')!.outcome).toMatch(/^Kept, without/);

    const result = await deleteMe(buyer);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data!.deleteMyAccount).toMatchObject({
      cancelledOrders: [],
      keptOrders: expect.arrayContaining([accepted.number]),
      refundedTickets: 0,
    });
    expect((await orderRow(accepted.id)).status).toBe('accepted');
    const [ticket] = await db().select().from(tickets).where(eq(tickets.buyer_id, buyer.id));
    expect(ticket).toMatchObject({ status: 'valid', attendee_name: null });
  });

  it('leaves open privacy requests answerable and strips answered ones', async () => {
    const person = await createUser(t.app, db(), { name: 'Robin Request' });
    const due = new Date(Date.now() + 30 * 86_400_000);
    const [open] = await db()
      .insert(privacyRequests)
      .values({
        kind: 'access',
        law: 'gdpr',
        channel: 'form',
        user_id: person.id,
        requester_name: 'Robin Request',
        requester_email: person.email,
        details: 'Send me everything.',
        due_at: due,
      })
      .returning();
    const [answered] = await db()
      .insert(privacyRequests)
      .values({
        kind: 'correction',
        law: 'gdpr',
        channel: 'form',
        status: 'completed',
        user_id: person.id,
        requester_name: 'Robin Request',
        requester_email: person.email,
        details: 'My name is Robin Request.',
        due_at: due,
        resolved_at: new Date(),
      })
      .returning();
    expect((await deleteMe(person)).body.errors).toBeUndefined();
    const row = async (id: number) =>
      (await db().select().from(privacyRequests).where(eq(privacyRequests.id, id)))[0];
    expect(await row(open!.id)).toMatchObject({
      user_id: null,
      requester_email: person.email,
      status: 'open',
    });
    expect(await row(answered!.id)).toMatchObject({
      user_id: null,
      requester_email: `erased-${person.id}@erased.invalid`,
      requester_name: null,
      details: null,
    });
    const own = await db()
      .select()
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.kind, 'deletion'),
          eq(privacyRequests.requester_email, `erased-${person.id}@erased.invalid`),
        ),
      );
    expect(own).toMatchObject([{ user_id: null, requester_name: null }]);
  });

  it('words the confirmation right for an invoice order', async () => {
    const buyer = await createUser(t.app, db());
    const order = await buy(buyer, { name: 'Ivy Invoice', email: buyer.email });
    await db()
      .update(orders)
      .set({
        payment_method: 'invoice',
        invoice_terms_days: 30,
        invoice_due_on: '2026-12-27',
        payout_status: 'not_due',
      })
      .where(eq(orders.id, order.id));
    expect((await deleteMe(buyer)).body.errors).toBeUndefined();
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to_address, buyer.email),
          eq(mailOutbox.subject, 'Your Bevy account is deleted'),
        ),
      );
    expect(mail!.text_body).toContain(`invoices withdrawn (nothing to pay): ${order.number}`);
    expect(mail!.text_body).not.toContain('refunded to your card');
  });
});
