import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers, tickets } from '../../db/tables';
import { refusalOf } from '../../test/refusal';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  checkoutContext,
  createBuyer,
  createProducer,
  orderRequest,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { scanTicket, type ScanInput } from './check-in.service';
import { createTestEvent, ticketLine } from './event-fixtures';

const nonce = () => randomUUID();

describe('the door', () => {
  let t: TestApp;
  let producer: { id: number; name: string; slug: string };
  let staff: number;
  let otherStaff: number;
  beforeAll(async () => {
    t = await createTestApp();
    producer = await createProducer(t.database.db);
    staff = await createBuyer(t.database.db);
    otherStaff = await createBuyer(t.database.db);
    await t.database.db.insert(businessMembers).values([
      { business_id: producer.id, user_id: staff },
      { business_id: producer.id, user_id: otherStaff },
    ]);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const door = (userId: number) => ({
    db: db(),
    viewer: { id: userId, sessionId: 's', isAdmin: false },
    clock: { now: () => new Date() },
  });
  const scan = (eventId: number, input: Partial<ScanInput> & { code: string }, by = staff) =>
    scanTicket(door(by), producer.slug, eventId, { nonce: nonce(), ...input });

  /** An event with `count` paid tickets: their codes. */
  async function soldEvent(count: number, spec: Parameters<typeof createTestEvent>[2] = {}) {
    const event = await createTestEvent(db(), producer.id, spec);
    await placeOrder(
      checkoutContext(db(), t.app.log, await createBuyer(db())),
      orderRequest([], [], { tickets: [ticketLine(event.types[0]!.id, count, ['Ana Ruiz'])] }),
    );
    const sold = await db()
      .select({ code: tickets.code, id: tickets.id })
      .from(tickets)
      .where(eq(tickets.event_id, event.id))
      .orderBy(tickets.id);
    return { event, codes: sold.map((row) => row.code), ids: sold.map((row) => row.id) };
  }

  it('admits a ticket once, with its type, attendee and an ID check; a repeat says when and by whom', async () => {
    const { event, codes } = await soldEvent(2);
    const first = await scan(event.id, { code: codes[0]! });
    expect(first).toMatchObject({
      result: 'admitted',
      ticketTypeName: 'Type 1',
      attendeeName: 'Ana Ruiz',
      checkId: true,
      checkedInCount: 1,
    });
    const again = await scan(event.id, { code: codes[0]! }, otherStaff);
    expect(again.result).toBe('already_checked_in');
    expect(again.checkedInByName).toMatch(/^Test Buyer/);
    expect(again.checkedInAt).toBeInstanceOf(Date);
    expect(again.checkedInCount).toBe(1);
  });

  it('answers the same scan sent twice the same, counting it once', async () => {
    const { event, codes } = await soldEvent(1);
    const input = { code: codes[0]!, nonce: nonce() };
    const first = await scan(event.id, input);
    const resent = await scan(event.id, input);
    expect(resent.result).toBe('admitted');
    expect(resent.checkedInCount).toBe(1);
    expect(first.result).toBe('admitted');
  });

  it('refuses forged, altered and other events’ codes, and refunded or unpaid tickets', async () => {
    const { event, codes, ids } = await soldEvent(3);
    const other = await soldEvent(1);
    const altered = `${codes[0]!.slice(0, -1)}${codes[0]!.endsWith('0') ? '1' : '0'}`;
    expect((await scan(event.id, { code: altered })).result).toBe('unknown_code');
    expect((await scan(event.id, { code: 'not a ticket at all' })).result).toBe('unknown_code');
    const elsewhere = await scan(event.id, { code: other.codes[0]! });
    expect(elsewhere.result).toBe('other_event');
    expect(elsewhere.otherEventTitle).toBe(other.event.title);
    expect(elsewhere.attendeeName).toBeNull();
    await db().update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, ids[1]!));
    expect((await scan(event.id, { code: codes[1]! })).result).toBe('refunded');
    await db().update(tickets).set({ status: 'held' }).where(eq(tickets.id, ids[2]!));
    expect((await scan(event.id, { code: codes[2]! })).result).toBe('not_paid');
    // Typed in groups, in lower case, with O for 0: still the ticket.
    const typed = codes[0]!
      .toLowerCase()
      .replace(/(.{4})/g, '$1-')
      .replace(/0/g, 'o');
    expect((await scan(event.id, { code: typed })).result).toBe('admitted');
  });

  it('reports a ticket scanned on two phones while offline', async () => {
    const { event, codes } = await soldEvent(1);
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const online = await scan(event.id, { code: codes[0]!, offline: true, scannedAt: minuteAgo });
    const synced = await scan(
      event.id,
      { code: codes[0]!, offline: true, scannedAt: minuteAgo },
      otherStaff,
    );
    expect(online).toMatchObject({ result: 'admitted', conflict: false });
    expect(synced).toMatchObject({ result: 'already_checked_in', conflict: true });
  });

  it('lets only the producer’s people scan', async () => {
    const { event, codes } = await soldEvent(1);
    const stranger = await createBuyer(db());
    const refused = await refusalOf(scan(event.id, { code: codes[0]! }, stranger));
    expect(refused.code).toBe('FORBIDDEN');
    const badNonce = await refusalOf(scan(event.id, { code: codes[0]!, nonce: 'x' }));
    expect(badNonce.code).toBe('BAD_USER_INPUT');
  });

  describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('at the same instant', () => {
    it('two scanners, one code: one admitted, one already checked in, the count up by one, 20 times', async () => {
      for (let round = 0; round < 20; round++) {
        const { event, codes } = await soldEvent(1);
        const answers = await Promise.all([
          scan(event.id, { code: codes[0]! }, staff),
          scan(event.id, { code: codes[0]! }, otherStaff),
        ]);
        expect(answers.map((answer) => answer.result).sort(), `round ${round}`).toEqual([
          'admitted',
          'already_checked_in',
        ]);
        const [counted] = await db()
          .select({ at: tickets.checked_in_at })
          .from(tickets)
          .where(eq(tickets.code, codes[0]!));
        expect(counted!.at).not.toBeNull();
        expect(Math.max(...answers.map((answer) => answer.checkedInCount))).toBe(1);
      }
    });

    it('one scan sent five times at once: five identical answers, one check-in', async () => {
      const { event, codes } = await soldEvent(1);
      const input = { code: codes[0]!, nonce: nonce() };
      const answers = await Promise.all(Array.from({ length: 5 }, () => scan(event.id, input)));
      expect(new Set(answers.map((answer) => answer.result))).toEqual(new Set(['admitted']));
    });
  });
});
