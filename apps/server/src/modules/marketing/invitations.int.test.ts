import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessMembers,
  invitations,
  mailOutbox,
  marketingConsents,
  ticketTypes,
  users,
} from '../../db/tables';
import type { Viewer } from '../../platform/context';
import { refusalOf } from '../../test/refusal';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  checkoutContext,
  createBuyer,
  createProducer,
  orderRequest,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { createTestEvent, ticketLine } from '../events/event-fixtures';
import { listApplications, submitApplication } from '../wholesale/wholesale.service';
import {
  acceptInvitation,
  listInvitations,
  openInvitation,
  sendInvitations,
} from './invitations.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const as = (id: number) => ({
  ...t.app.services,
  viewer: { id, sessionId: `test-${id}`, isAdmin: false } satisfies Viewer,
});
const emailOf = async (id: number) =>
  (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

/** The token in the last invitation emailed to `email`. */
async function invitationToken(email: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
  return /\/invitations\/([\w-]+)/.exec(rows.at(-1)!.text_body)![1]!;
}

async function producerWithSeller() {
  const producer = await createProducer(db());
  const seller = await createBuyer(db());
  await db().insert(businessMembers).values({ user_id: seller, business_id: producer.id });
  return { producer, seller };
}

describe('invitations', () => {
  it('a trade invitation is opened, accepted once, and names its producer on the wholesale application the admin reviews', async () => {
    const { producer, seller } = await producerWithSeller();
    const bar = await createBuyer(db());
    const barEmail = await emailOf(bar);
    const sent = await sendInvitations(as(seller), producer.slug, {
      kind: 'trade',
      emails: [barEmail],
      message: 'We would love to pour our wines at your bar.',
    });
    expect(sent).toEqual({ invited: [barEmail], skipped: [] });
    const token = await invitationToken(barEmail);

    const opened = await openInvitation(t.app.services, token);
    expect(opened).toMatchObject({ kind: 'trade', businessName: producer.name, accepted: false });
    expect((await listInvitations(as(seller), producer.slug))[0]!.state).toBe('opened');

    await acceptInvitation(as(bar), token, { marketing: false });
    expect((await listInvitations(as(seller), producer.slug))[0]!.state).toBe('accepted');
    // Single use: nobody else can accept it.
    const intruder = await createBuyer(db());
    expect(
      (await refusalOf(acceptInvitation(as(intruder), token, { marketing: false }))).code,
    ).toBe('INVITATION_USED');

    await submitApplication(
      { ...t.app.services },
      bar,
      {
        businessName: 'Alder Street Bar',
        licenseType: 'On-premises',
        licenseNumber: 'OLCC-12345',
        issuingState: 'OR',
        licenseExpiresOn: `${new Date().getFullYear() + 2}-01-31`,
      } as never,
      { relativePath: 'licenses/test.pdf', name: 'license.pdf', type: 'application/pdf' },
    );
    const queue = await listApplications(t.app.services, 'pending');
    expect(queue.find((application) => application.applicant.id === bar)?.vouchedBy).toEqual({
      name: producer.name,
      slug: producer.slug,
    });
  });

  it('following by invitation subscribes at once when the invited address accepts, and expired or forged links are refused', async () => {
    const { producer, seller } = await producerWithSeller();
    const fan = await createBuyer(db());
    const fanEmail = await emailOf(fan);
    await sendInvitations(as(seller), producer.slug, { kind: 'follow', emails: [fanEmail] });
    const token = await invitationToken(fanEmail);
    await acceptInvitation(as(fan), token, { marketing: true });
    const [consent] = await db()
      .select()
      .from(marketingConsents)
      .where(eq(marketingConsents.email, fanEmail));
    expect(consent).toMatchObject({ status: 'subscribed', source: 'invitation' });
    expect(consent!.confirmed_at).toBeInstanceOf(Date);

    const late = await createBuyer(db());
    const lateEmail = await emailOf(late);
    await sendInvitations(as(seller), producer.slug, { kind: 'follow', emails: [lateEmail] });
    const lateToken = await invitationToken(lateEmail);
    await db()
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, lateEmail));
    expect((await refusalOf(openInvitation(t.app.services, lateToken))).code).toBe(
      'INVITATION_EXPIRED',
    );
    expect(
      (await refusalOf(openInvitation(t.app.services, `${lateToken.slice(0, -2)}xy`))).code,
    ).toBe('NOT_FOUND');
  });

  it('an event presale invitation lets its accepter buy before sales open, and nobody else', async () => {
    const { producer, seller } = await producerWithSeller();
    const event = await createTestEvent(db(), producer.id);
    const type = event.types[0]!;
    await db()
      .update(ticketTypes)
      .set({ sales_start_at: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(ticketTypes.id, type.id));
    const insider = await createBuyer(db());
    const insiderEmail = await emailOf(insider);
    await sendInvitations(as(seller), producer.slug, {
      kind: 'event',
      eventId: event.id,
      emails: [insiderEmail],
    });
    await acceptInvitation(as(insider), await invitationToken(insiderEmail), { marketing: false });

    const buy = (buyer: number) =>
      placeOrder(
        checkoutContext(db(), t.app.log, buyer),
        orderRequest([], [], { tickets: [ticketLine(type.id, 2)] }),
      );
    const paid = await buy(insider);
    expect(paid.orders[0]!.tickets).toEqual([expect.objectContaining({ quantity: 2 })]);
    const outsider = await createBuyer(db());
    const refused = await refusalOf(buy(outsider));
    expect(refused.message).toMatch(/is not on sale yet/);
  });

  it('only people who work at the business invite for it, and only to its own clubs and events', async () => {
    const { producer } = await producerWithSeller();
    const other = await producerWithSeller();
    const stranger = await createBuyer(db());
    expect(
      (
        await refusalOf(
          sendInvitations(as(stranger), producer.slug, {
            kind: 'follow',
            emails: ['a@bevy.example'],
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await refusalOf(
          sendInvitations(as(other.seller), other.producer.slug, {
            kind: 'club',
            clubId: 999_999,
            emails: ['a@bevy.example'],
          }),
        )
      ).code,
    ).toBe('BAD_USER_INPUT');
  });
});
