import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  memberships,
  orders,
  privacyRequests,
  rateLimitEvents,
  sessions,
  tickets,
  users,
} from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { emailHash, suppressedAmong } from '../mail/index';
import { createUser, orderAs } from '../orders/order-management-fixtures';
import {
  createWorld,
  DELETE,
  PASSWORD,
  PREVIEW,
  seedPerson,
  whereFound,
  type Person,
  type World,
} from './privacy-fixtures';

/** "Delete my account": what is kept is pseudonymised, the rest gone, the email free again. */

const CUSTOMERS = `query($slug: String!) {
  customers(businessSlug: $slug) { customers { userId email } }
}`;

let t: TestApp;
let world: World;
let a: Person;
let b: Person;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  a = await seedPerson(t, world, 'Alpha');
  b = await seedPerson(t, world, 'Bravo');
}, 120_000);
afterAll(() => t.close());

const deleteAs = (cookie: string, password: string, email: string) =>
  gql(t.app, DELETE, { password, email }, { cookie });

describe('deleting an account', () => {
  it('previews what will happen to each open thing', async () => {
    const result = await gql(t.app, PREVIEW, {}, { cookie: a.user.cookie });
    const items = result.body.data!.accountDeletionPreview as { group: string; what: string }[];
    const about = (group: string) => items.filter((i) => i.group === group).map((i) => i.what);
    expect(about('orders_cancelled').join()).toContain(a.orders[0]!.number);
    expect(about('orders_kept').join()).toContain(a.orders[1]!.number);
    expect(about('memberships')).toHaveLength(1);
    expect(about('account').length).toBeGreaterThan(0);
  });

  it('refuses a wrong password or a wrong email, changing nothing', async () => {
    const wrongPassword = await deleteAs(a.user.cookie, 'not-my-password', a.user.email);
    expect(wrongPassword.body.errors?.[0]).toMatchObject({
      message: 'That is not your password. Nothing was deleted.',
      extensions: { code: 'BAD_USER_INPUT', field: 'password' },
    });
    const wrongEmail = await deleteAs(a.user.cookie, PASSWORD, b.user.email);
    expect(wrongEmail.body.errors?.[0]).toMatchObject({
      message: 'Type your account’s email exactly to confirm. Nothing was deleted.',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
    const [user] = await db().select().from(users).where(eq(users.id, a.user.id));
    expect(user).toMatchObject({ email: a.user.email, deleted_at: null });
    expect((await orderAs(t.app, a.user, a.orders[0]!.id))!.status).toBe('placed');
  });

  it('cannot be done by a visitor, nor for someone else', async () => {
    const visitor = await gql(t.app, DELETE, { password: PASSWORD, email: a.user.email });
    expect(visitor.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // B may only ever delete B: A's email with B's session is refused.
    const other = await deleteAs(b.user.cookie, PASSWORD, a.user.email);
    expect(other.body.errors?.[0]?.extensions?.field).toBe('email');
    const [user] = await db().select().from(users).where(eq(users.id, a.user.id));
    expect(user!.deleted_at).toBeNull();
  });

  it('cancels what is open, keeps records pseudonymised, and frees the email', async () => {
    // A ticket whose order the producer completed is refunded on its own, through events.
    await db().update(orders).set({ status: 'completed' }).where(eq(orders.id, a.orders[2]!.id));
    const result = await deleteAs(a.user.cookie, PASSWORD, ` ${a.user.email.toUpperCase()} `);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data!.deleteMyAccount).toMatchObject({
      cancelledOrders: expect.arrayContaining([a.orders[0]!.number]),
      keptOrders: [a.orders[1]!.number],
      endedMemberships: 1,
      refundedTickets: 1,
    });
    // The saved card's details and the person's own rate-limit rows go too.
    const [membership] = await db()
      .select()
      .from(memberships)
      .where(eq(memberships.user_id, a.user.id));
    expect(membership).toMatchObject({ card_brand: 'erased', card_last4: '', card_exp_year: 1900 });
    expect(
      await db()
        .select()
        .from(rateLimitEvents)
        .where(eq(rateLimitEvents.subject, `user:${a.user.id}`)),
    ).toEqual([]);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.order_id, a.orders[2]!.id));
    expect(ticket).toMatchObject({ status: 'refunded', attendee_name: null });

    // (f) the unfulfilled order was cancelled and refunded; the shipped one kept.
    const seen = (id: number) => orderAs(t.app, world.seller, id);
    const cancelled = (await seen(a.orders[0]!.id))!;
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: cancelled.totalCents });
    const shipped = (await seen(a.orders[1]!.id))!;
    // (b) the producer still reads it, with the buyer pseudonymised.
    expect(shipped).toMatchObject({
      status: 'shipped',
      contactName: 'Deleted buyer',
      contactEmail: `erased-${a.user.id}@erased.invalid`,
      contactPhone: '',
      fulfillmentAddress: { line1: '', city: '', state: 'OR', zip: '972' },
    });
    expect(shipped.lines.length).toBeGreaterThan(0);

    // Logged out everywhere; licence file gone; a completed request recorded.
    expect(await db().select().from(sessions).where(eq(sessions.user_id, a.user.id))).toEqual([]);
    expect(existsSync(path.join(t.config.UPLOADS_DIR, 'licences', a.licence))).toBe(false);
    const [request] = await db()
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.requester_email, `erased-${a.user.id}@erased.invalid`));
    // The request row holds no name and no link to the erased account (decision 025).
    expect(request).toMatchObject({
      kind: 'deletion',
      channel: 'self_service',
      status: 'completed',
      user_id: null,
      requester_name: null,
    });

    // (d) the old email, name and phone are nowhere but the one confirmation mail.
    for (const value of [a.user.email, a.name, a.phone, a.line1]) {
      expect(await whereFound(db(), value), value).toEqual(
        value === a.user.email ? ['mail_outbox.to_address'] : [],
      );
    }
    const confirmations = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, a.user.email));
    expect(confirmations.map((m) => m.subject)).toEqual(['Your Bevy account is deleted']);
    // A positive control: B's values are still found, so the scan can fail.
    expect(await whereFound(db(), b.phone)).not.toEqual([]);
    expect(await whereFound(db(), emailHash(a.user.email))).toEqual([
      'mail_suppressions.email_hash',
    ]);

    // The producer's customers no longer list them.
    const customers = await gql(
      t.app,
      CUSTOMERS,
      { slug: world.shop.slug },
      { cookie: world.seller.cookie },
    );
    const listed = (customers.body.data!.customers as { customers: { userId: number }[] })
      .customers;
    expect(listed.map((c) => c.userId)).not.toContain(a.user.id);
    expect(listed.map((c) => c.userId)).toContain(b.user.id);
  });

  it('(a) the old credentials no longer log in', async () => {
    const result = await gql(
      t.app,
      'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
      { email: a.user.email, password: PASSWORD },
    );
    expect(result.body.errors?.[0]?.extensions?.code).toBeDefined();
    expect(result.cookie).toBeUndefined();
  });

  it('(c) the same email signs up again as a new person, (e) still suppressed', async () => {
    const result = await gql(
      t.app,
      'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
      {
        input: {
          name: 'Newcomer',
          email: a.user.email,
          password: 'a brand new long passphrase 7',
          dateOfBirth: '1980-01-01',
        },
      },
    );
    expect(result.body.errors).toBeUndefined();
    const id = Number((result.body.data!.signUp as { id: string | number }).id);
    expect(id).not.toBe(a.user.id);
    expect(await db().select().from(orders).where(eq(orders.buyer_id, id))).toEqual([]);
    expect(await suppressedAmong(db(), [a.user.email])).toEqual(new Set([a.user.email]));
  });

  it('leaves another person untouched', async () => {
    const other = await createUser(t.app, db());
    const [user] = await db().select().from(users).where(eq(users.id, b.user.id));
    expect(user).toMatchObject({ email: b.user.email, name: b.name, deleted_at: null });
    expect(other.id).toBeGreaterThan(0);
  });
});
