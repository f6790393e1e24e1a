import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessMembers,
  campaignClicks,
  campaignRecipients,
  mailSuppressions,
  marketingConsents,
  users,
} from '../../db/tables';
import type { Viewer } from '../../platform/context';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { refusalOf } from '../../test/refusal';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  checkoutContext,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
  TEST_MAIL_CONFIG,
} from '../checkout/checkout-fixtures';
import { placeOrder } from '../checkout/place-order';
import { relayQueuedMail } from '../mail/mail-relay';
import { sendDueCampaigns } from './campaign-send';
import {
  campaignReport,
  saveCampaign,
  scheduleCampaign,
  sendTestCampaign,
} from './campaigns.service';
import { followBusiness } from './consent.service';
import { listCustomers } from './customers.service';

const PUBLIC_URL = 'https://market.example';

let t: TestApp;
/** Addresses the SMTP server refuses for good (550). */
const refusing = new Set<string>();
let smtp: SmtpCapture;
let relay: () => ReturnType<typeof relayQueuedMail>;

beforeAll(async () => {
  smtp = await startSmtpCapture({ refuse: (address) => refusing.has(address) });
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_FEEDBACK_SECRET: 'feedback-secret-for-the-tests',
  });
  const transport = nodemailer.createTransport(smtp.url);
  relay = () =>
    relayQueuedMail(t.database.db, transport, {
      from: t.config.MAIL_FROM,
      marketingPerSecond: 1000,
    });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.database.db;
const as = (id: number) => ({
  ...t.app.services,
  viewer: { id, sessionId: `test-${id}`, isAdmin: false } satisfies Viewer,
});
/** A header's value exactly as the message carried it. */
const rawHeader = (message: CapturedMail, name: string) =>
  message.mail.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .trim();
const emailOf = async (id: number) =>
  (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

/** A producer with an address, a product, and a seller who works there. */
async function shop() {
  const producer = await createProducer(db());
  const product = await createProduct(db(), producer.id, { retail: [[1, 3_200]] });
  const seller = await createBuyer(db());
  await db().insert(businessMembers).values({ user_id: seller, business_id: producer.id });
  return { producer, product, seller };
}

/** A buyer who follows the producer and confirmed consent through the emailed link. */
async function subscriber(slug: string) {
  const buyer = await createBuyer(db());
  await followBusiness(as(buyer), slug, { marketing: true });
  await relay();
  const email = await emailOf(buyer);
  const [confirmation] = smtp.to(email).filter((m) => m.mail.subject?.startsWith('Confirm'));
  const link = /\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmation!.mail.text ?? '');
  const confirmed = await gql(
    t.app,
    `mutation ($token: String!) { confirmMarketingConsent(token: $token) { businessName } }`,
    { token: link![1] },
  );
  expect(confirmed.body.errors).toBeUndefined();
  return { buyer, email };
}

async function sendNow(seller: number, slug: string, productId: number, subject: string) {
  const campaign = await saveCampaign(as(seller), slug, null, {
    subject,
    preview: 'New releases inside',
    blocks: [
      { kind: 'text', html: '<p>Our <strong>new</strong> vintage is here.</p>' },
      { kind: 'product', productId },
    ],
  });
  await scheduleCampaign(as(seller), slug, campaign.id, null);
  await sendDueCampaigns(t.app.services);
  await relay();
  return campaign;
}

describe('marketing consent and campaigns over real SMTP', () => {
  it('double opt-in, RFC 8058 headers and the postal address; a cookie-less POST unsubscribes; the next campaign skips them; order mail still arrives', async () => {
    const { producer, product, seller } = await shop();
    const ana = await subscriber(producer.slug);
    const ben = await subscriber(producer.slug);
    // Following without consent gets no campaign.
    const quiet = await createBuyer(db());
    await followBusiness(as(quiet), producer.slug, { marketing: false });

    await sendNow(seller, producer.slug, product.id, 'Spring release');
    const [received] = smtp.to(ana.email).filter((m) => m.mail.subject === 'Spring release');
    expect(received).toBeDefined();
    // As written on the wire (mailparser would restructure List-* headers).
    const listUnsubscribe = rawHeader(received!, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<https:\/\/market\.example\/email\/unsubscribe\/[\w-]+>$/);
    expect(rawHeader(received!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(received!.mail.text).toContain('1220 SE Water Ave, Portland, OR 97214');
    expect(received!.mail.text).toContain(
      'You receive this email because you agreed to email from',
    );
    expect(received!.mail.html).toContain('$32.00');
    expect(smtp.to(await emailOf(quiet))).toHaveLength(0);

    // The mail client's one-click POST: no cookie, no log-in, no page.
    const path = new URL(listUnsubscribe!.slice(1, -1)).pathname;
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    const [consent] = await db()
      .select()
      .from(marketingConsents)
      .where(
        and(eq(marketingConsents.business_id, producer.id), eq(marketingConsents.email, ana.email)),
      );
    expect(consent).toMatchObject({ status: 'unsubscribed', withdrawn_via: 'one-click' });

    // A day later (past the 16-hour cap), the next campaign reaches Ben but not Ana.
    const later = await saveCampaign(as(seller), producer.slug, null, {
      subject: 'Summer release',
      blocks: [{ kind: 'text', html: '<p>Summer is here.</p>' }],
    });
    await db()
      .update(campaignRecipients)
      .set({ queued_at: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(campaignRecipients.business_id, producer.id));
    await scheduleCampaign(as(seller), producer.slug, later.id, null);
    await sendDueCampaigns(t.app.services);
    await relay();
    expect(smtp.to(ben.email).map((m) => m.mail.subject)).toContain('Summer release');
    expect(smtp.to(ana.email).map((m) => m.mail.subject)).not.toContain('Summer release');

    // Ana's order email still arrives: transactional mail never stops for an unsubscribe.
    await placeOrder(
      {
        ...checkoutContext(db(), t.app.log, ana.buyer),
        config: { ...TEST_MAIL_CONFIG, SMTP_URL: smtp.url },
      },
      orderRequest([{ productId: product.id, quantity: 1 }], [producer.id], {
        contact: { name: 'Ana', email: ana.email, phone: '(503) 555-0142' },
      }),
    );
    await relay();
    expect(smtp.to(ana.email).some((m) => /order/i.test(m.mail.subject ?? ''))).toBe(true);
  });

  it('holds back a queued message whose recipient unsubscribed before the relay reached it', async () => {
    const { producer, product, seller } = await shop();
    const gil = await subscriber(producer.slug);
    const campaign = await saveCampaign(as(seller), producer.slug, null, {
      subject: 'Held back',
      blocks: [{ kind: 'product', productId: product.id }],
    });
    await scheduleCampaign(as(seller), producer.slug, campaign.id, null);
    await sendDueCampaigns(t.app.services);
    // Queued, not yet sent: the person unsubscribes (from an earlier mail, or their account).
    await db()
      .update(marketingConsents)
      .set({ status: 'unsubscribed', withdrawn_at: new Date() })
      .where(eq(marketingConsents.email, gil.email));
    await relay();
    expect(smtp.to(gil.email).map((m) => m.mail.subject)).not.toContain('Held back');
    const [row] = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaign_id, campaign.id));
    expect(row).toMatchObject({ status: 'skipped', skip_reason: 'unsubscribed' });
  });

  it('sends nobody a second campaign from one producer within 16 hours', async () => {
    const { producer, product, seller } = await shop();
    const cara = await subscriber(producer.slug);
    const first = await sendNow(seller, producer.slug, product.id, 'First');
    const second = await sendNow(seller, producer.slug, product.id, 'Second');
    expect(smtp.to(cara.email).map((m) => m.mail.subject)).toEqual(
      expect.arrayContaining(['First']),
    );
    expect(smtp.to(cara.email).map((m) => m.mail.subject)).not.toContain('Second');
    const [skipped] = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaign_id, second.id));
    expect(skipped).toMatchObject({ status: 'skipped', skip_reason: 'frequency cap' });
    expect(
      await campaignReport({ db: db() }, { id: first.id, business_id: producer.id }),
    ).toMatchObject({
      recipients: 1,
      sent: 1,
    });
  });

  it('a refused address is suppressed; a complaint is suppressed and counted apart', async () => {
    const { producer, product, seller } = await shop();
    const dana = await subscriber(producer.slug);
    // An address the mail server refuses for good.
    const gone = await createBuyer(db());
    const goneEmail = `gone-${randomBytes(4).toString('hex')}@bevy.example`;
    await db().update(users).set({ email: goneEmail }).where(eq(users.id, gone));
    await followBusiness(as(gone), producer.slug, { marketing: true });
    await relay();
    const link = /\/email\/confirm\/([\w-]+)/.exec(smtp.to(goneEmail)[0]!.mail.text ?? '');
    await gql(
      t.app,
      `mutation ($token: String!) { confirmMarketingConsent(token: $token) { businessName } }`,
      {
        token: link![1],
      },
    );
    // Then the mailbox goes away.
    refusing.add(goneEmail);

    const campaign = await sendNow(seller, producer.slug, product.id, 'Refusals');
    const report = await campaignReport(
      { db: db() },
      { id: campaign.id, business_id: producer.id },
    );
    expect(report).toMatchObject({ recipients: 2, sent: 1, refused: 1, complaints: 0 });
    const refusedRows = await db().select().from(mailSuppressions);
    expect(refusedRows.some((row) => row.reason === 'refused')).toBe(true);

    const [message] = smtp.to(dana.email).filter((m) => m.mail.subject === 'Refusals');
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/hooks/mail-feedback',
      headers: { authorization: 'Bearer feedback-secret-for-the-tests' },
      payload: { type: 'complaint', email: dana.email, messageId: message!.mail.messageId },
    });
    expect(complaint.statusCode).toBe(200);
    const after = await campaignReport({ db: db() }, { id: campaign.id, business_id: producer.id });
    expect(after).toMatchObject({ refused: 1, complaints: 1 });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/hooks/mail-feedback',
      headers: { authorization: 'Bearer wrong' },
      payload: { type: 'complaint', email: 'someone@bevy.example' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('counts a click through the redirect and the order placed within 7 days as the campaign’s revenue', async () => {
    const { producer, product, seller } = await shop();
    const eve = await subscriber(producer.slug);
    const campaign = await sendNow(seller, producer.slug, product.id, 'Click me');
    const [message] = smtp.to(eve.email).filter((m) => m.mail.subject === 'Click me');
    const href = /https:\/\/market\.example(\/email\/click\/[\w-]+\/\d+)/.exec(
      String(message!.mail.html),
    );
    const click = await t.app.inject({ method: 'GET', url: href![1]! });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`${PUBLIC_URL}/business/${producer.slug}`);
    const paid = await placeOrder(
      checkoutContext(db(), t.app.log, eve.buyer),
      orderRequest([{ productId: product.id, quantity: 2 }], [producer.id]),
    );
    const report = await campaignReport(
      { db: db() },
      { id: campaign.id, business_id: producer.id },
    );
    expect(report).toMatchObject({ clicks: 1, clickers: 1, orders: 1 });
    expect(report.revenueCents).toBe(paid.orders[0]!.totalCents);
  });
});

describe('nobody reaches another producer’s marketing', () => {
  it('refuses other producers’ customers, segments and campaigns, and forged or altered links', async () => {
    const seller = await logInAsActor(t.app, 'seller');
    const { ownSlug, otherSlug } = await sellerBusinessSlugs(db());
    for (const query of [
      `{ customers(businessSlug: "${otherSlug}") { total } }`,
      `{ segments(businessSlug: "${otherSlug}") { id } }`,
      `{ campaigns(businessSlug: "${otherSlug}") { id } }`,
    ]) {
      const refused = await gql(t.app, query, {}, { cookie: seller });
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/business/${otherSlug}/customers.csv`,
      headers: { cookie: seller },
    });
    expect(csv.statusCode).toBe(403);
    const own = await gql(
      t.app,
      `{ customers(businessSlug: "${ownSlug}") { total } }`,
      {},
      { cookie: seller },
    );
    expect(own.body.errors).toBeUndefined();

    // A campaign of one producer, asked for under another's address, does not exist.
    const a = await shop();
    const b = await shop();
    const theirs = await saveCampaign(as(a.seller), a.producer.slug, null, {
      subject: 'Theirs',
      blocks: [{ kind: 'text', html: '<p>x</p>' }],
    });
    const notFound = await refusalOf(sendTestCampaign(as(b.seller), b.producer.slug, theirs.id));
    expect(notFound.code).toBe('NOT_FOUND');
    // Nor can a campaign show another producer's product.
    const foreign = await refusalOf(
      saveCampaign(as(b.seller), b.producer.slug, null, {
        subject: 'Borrowed',
        blocks: [{ kind: 'product', productId: a.product.id }],
      }),
    );
    expect(foreign.code).toBe('BAD_USER_INPUT');

    // Forged and altered unsubscribe and click links change nothing.
    const fan = await subscriber(a.producer.slug);
    await sendNow(a.seller, a.producer.slug, a.product.id, 'Tokens');
    const [message] = smtp.to(fan.email).filter((m) => m.mail.subject === 'Tokens');
    const real = /\/email\/unsubscribe\/([\w-]+)/.exec(String(message!.mail.text))![1]!;
    const altered = `${real.slice(0, -1)}${real.endsWith('a') ? 'b' : 'a'}`;
    for (const token of [altered, randomBytes(32).toString('base64url'), 'preview', '../../x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/email/unsubscribe/${encodeURIComponent(token)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(404);
    }
    const clicks = await t.app.inject({ method: 'GET', url: `/email/click/${altered}/0` });
    expect(clicks.statusCode).toBe(302);
    expect(clicks.headers.location).toBe('/');
    expect(await db().select().from(campaignClicks)).not.toContainEqual(
      expect.objectContaining({ url: expect.stringContaining(a.producer.slug) }),
    );
    const [stillThere] = await db()
      .select({ status: marketingConsents.status })
      .from(marketingConsents)
      .where(
        and(
          eq(marketingConsents.business_id, a.producer.id),
          eq(marketingConsents.email, fan.email),
        ),
      );
    expect(stillThere!.status).toBe('subscribed');
  });

  it('keeps script, remote images and event handlers out of campaign HTML', async () => {
    const { producer, seller } = await shop();
    const saved = await saveCampaign(as(seller), producer.slug, null, {
      subject: 'Clean',
      blocks: [
        {
          kind: 'text',
          html:
            '<p onclick="steal()">Hi <script>alert(1)</script><img src="https://tracker.example/p.gif">' +
            '<a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">good</a></p>' +
            '<iframe src="https://evil.example"></iframe><style>p{}</style>' +
            '<p><a href="www.mywinery.com/shop">typed</a> <a href="/relative">ours</a></p>',
        },
      ],
    });
    const [block] = saved.blocks;
    const html = block?.kind === 'text' ? block.html : '';
    expect(html).toBe(
      '<p>Hi <a>bad</a> <a href="https://ok.example/">good</a></p>' +
        '<p><a href="https://www.mywinery.com/shop">typed</a> <a>ours</a></p>',
    );
  });

  it('lists the business’s own customers with their consent evidence', async () => {
    const { producer, seller } = await shop();
    const fay = await subscriber(producer.slug);
    const page = await listCustomers(
      as(seller),
      producer.slug,
      { subscribedOnly: true },
      { offset: 0, limit: 25 },
    );
    expect(page.total).toBe(1);
    expect(page.customers[0]).toMatchObject({
      email: fay.email,
      consent: { status: 'subscribed', source: 'follow' },
    });
    expect(page.customers[0]!.consent!.confirmedAt).toBeInstanceOf(Date);
  });
});
