import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import {
  businesses,
  businessMembers,
  campaignRecipients,
  campaigns,
  checkouts,
  clubReleases,
  clubShipments,
  clubs,
  clubTiers,
  emailChangeRequests,
  events,
  follows,
  invitations,
  loginAttempts,
  mailOutbox,
  marketingConsents,
  memberships,
  orderEvents,
  orderLines,
  orders,
  privacyRequests,
  savedAddresses,
  sessions,
  tickets,
  ticketTypes,
  users,
  waitlistEntries,
  wholesaleApplications,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import { notFound } from '../../platform/domain-error';
import { csvCell, csvDollars } from '../orders/index';
import { storedDocumentPath } from '../wholesale/index';
import { exportReadme } from './export-readme';
import { admitExport } from './export-request';

/**
 * "Download my data" (GDPR Art. 15 and 20, CCPA's right to know): everything the marketplace
 * holds about the signed-in person, at once, as a zip of JSON and CSV files. Every query is keyed
 * by the person's id or own address; nothing of another person is selected (decision 024).
 */

export type ExportContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'config'>;

export interface PersonalDataExport {
  filename: string;
  bytes: Uint8Array;
}

type Row = Record<string, unknown>;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** Rows as CSV with a header of their keys; an empty list gives just the header. */
function csv(columns: readonly string[], rows: readonly Row[]): Uint8Array {
  const text = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  const lines = [columns, ...rows.map((row) => columns.map((column) => text(row[column])))];
  return strToU8(`${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`);
}

async function profileOf(ctx: ExportContext, userId: number) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      date_of_birth: users.date_of_birth,
      is_admin: users.is_admin,
      wholesale_access_expires_on: users.wholesale_access_expires_on,
      gpc_opt_out_at: users.gpc_opt_out_at,
      created_at: users.created_at,
      updated_at: users.updated_at,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('There is no such account.');
  const worksAt = await ctx.db
    .select({ business: businesses.name, since: businessMembers.created_at })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(businessMembers.user_id, userId));
  return { ...user, works_at: worksAt };
}

async function ordersOf(ctx: ExportContext, userId: number) {
  const rows = await ctx.db
    .select({ order: orders, producer: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.business_id))
    .where(eq(orders.buyer_id, userId))
    .orderBy(asc(orders.id));
  const ids = rows.map((row) => row.order.id);
  const lines = ids.length
    ? await ctx.db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.order_id, ids))
        .orderBy(asc(orderLines.id))
    : [];
  // Who moved an order is the producer's staff: only the change itself is the buyer's.
  const history = ids.length
    ? await ctx.db
        .select({
          order_id: orderEvents.order_id,
          from_status: orderEvents.from_status,
          to_status: orderEvents.to_status,
          note: orderEvents.note,
          at: orderEvents.created_at,
        })
        .from(orderEvents)
        .where(inArray(orderEvents.order_id, ids))
        .orderBy(asc(orderEvents.id))
    : [];
  return rows.map(({ order, producer }) => ({
    id: order.id,
    number: order.number,
    producer,
    status: order.status,
    placed_at: order.created_at,
    buyer_kind: order.buyer_kind,
    fulfillment_mode: order.fulfillment_mode,
    fulfillment_address: order.fulfillment_address,
    tracking_number: order.tracking_number,
    contact_name: order.contact_name,
    contact_email: order.contact_email,
    contact_phone: order.contact_phone,
    buying_business: order.buying_business,
    billing_address: order.billing_address,
    payment_method: order.payment_method,
    subtotal_cents: order.subtotal_cents,
    tax_and_fees_cents: order.tax_and_fees_cents,
    fulfillment_fee_cents: order.fulfillment_fee_cents,
    total_cents: order.total_cents,
    refunded_cents: order.refunded_cents,
    invoice_due_on: order.invoice_due_on,
    invoice_paid_at: order.invoice_paid_at,
    age_confirmed_at: order.age_confirmed_at,
    source: order.source,
    source_medium: order.source_medium,
    source_campaign: order.source_campaign,
    lines: lines
      .filter((line) => line.order_id === order.id)
      .map((line) => ({
        id: line.id,
        product_name: line.product_name,
        channel: line.channel,
        quantity: line.quantity,
        unit_price_cents: line.unit_price_cents,
        line_total_cents: line.line_total_cents,
        refunded_quantity: line.refunded_quantity,
      })),
    history: history.filter((event) => event.order_id === order.id),
  }));
}

async function paymentsOf(ctx: ExportContext, userId: number) {
  return ctx.db
    .select({
      id: checkouts.id,
      origin: checkouts.origin,
      status: checkouts.status,
      amount_cents: checkouts.amount_cents,
      currency: checkouts.currency,
      failure_code: checkouts.failure_code,
      created_at: checkouts.created_at,
    })
    .from(checkouts)
    .where(eq(checkouts.buyer_id, userId))
    .orderBy(asc(checkouts.created_at));
}

async function clubsOf(ctx: ExportContext, userId: number) {
  const rows = await ctx.db
    .select({
      membership: memberships,
      club: clubs.name,
      tier: clubTiers.name,
      producer: businesses.name,
    })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .innerJoin(clubTiers, eq(clubTiers.id, memberships.tier_id))
    .innerJoin(businesses, eq(businesses.id, clubs.business_id))
    .where(eq(memberships.user_id, userId))
    .orderBy(asc(memberships.id));
  const ids = rows.map((row) => row.membership.id);
  const shipments = ids.length
    ? await ctx.db
        .select({
          membership_id: clubShipments.membership_id,
          release: clubReleases.title,
          charge_on: clubReleases.charge_on,
          outcome: clubShipments.outcome,
          lines: clubShipments.lines,
          skipped_at: clubShipments.skipped_at,
          order_id: clubShipments.order_id,
          amount_cents: clubShipments.amount_cents,
          decline_message: clubShipments.decline_message,
        })
        .from(clubShipments)
        .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
        .where(inArray(clubShipments.membership_id, ids))
        .orderBy(asc(clubShipments.id))
    : [];
  return rows.map(({ membership: m, club, tier, producer }) => ({
    id: m.id,
    producer,
    club,
    tier,
    status: m.status,
    paused_until: m.paused_until,
    fulfillment_mode: m.fulfillment_mode,
    address: m.address,
    contact_phone: m.contact_phone,
    card: `${m.card_brand} ending ${m.card_last4}, expires ${m.card_exp_month}/${m.card_exp_year}`,
    renewal_consent_at: m.renewal_consent_at,
    renewal_terms: m.renewal_terms,
    joined_on: m.joined_on,
    cadence: m.cadence,
    next_charge_on: m.next_charge_on,
    cancelled_at: m.cancelled_at,
    status_reason: m.status_reason,
    shipments: shipments.filter((s) => s.membership_id === m.id),
  }));
}

async function ticketsOf(ctx: ExportContext, userId: number) {
  const bought = await ctx.db
    .select({
      id: tickets.id,
      event: events.title,
      starts_at: events.starts_at,
      producer: businesses.name,
      ticket_type: ticketTypes.name,
      order_id: tickets.order_id,
      code: tickets.code,
      attendee_name: tickets.attendee_name,
      price_cents: tickets.price_cents,
      status: tickets.status,
      checked_in_at: tickets.checked_in_at,
      created_at: tickets.created_at,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.event_id))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticket_type_id))
    .innerJoin(businesses, eq(businesses.id, events.business_id))
    .where(eq(tickets.buyer_id, userId))
    .orderBy(asc(tickets.id));
  const waitlist = await ctx.db
    .select({
      event: events.title,
      ticket_type: ticketTypes.name,
      quantity: waitlistEntries.quantity,
      status: waitlistEntries.status,
      offer_expires_at: waitlistEntries.offer_expires_at,
      created_at: waitlistEntries.created_at,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.event_id))
    .innerJoin(ticketTypes, eq(ticketTypes.id, waitlistEntries.ticket_type_id))
    .where(eq(waitlistEntries.user_id, userId));
  return { tickets: bought, waitlist };
}

async function marketingOf(ctx: ExportContext, userId: number, email: string) {
  const followed = await ctx.db
    .select({ producer: businesses.name, since: follows.created_at })
    .from(follows)
    .innerJoin(businesses, eq(businesses.id, follows.business_id))
    .where(eq(follows.user_id, userId));
  const consents = await ctx.db
    .select({
      producer: businesses.name,
      email: marketingConsents.email,
      status: marketingConsents.status,
      source: marketingConsents.source,
      consent_text: marketingConsents.consent_text,
      requested_at: marketingConsents.requested_at,
      requested_ip: marketingConsents.requested_ip,
      confirmed_at: marketingConsents.confirmed_at,
      withdrawn_at: marketingConsents.withdrawn_at,
      withdrawn_via: marketingConsents.withdrawn_via,
    })
    .from(marketingConsents)
    .innerJoin(businesses, eq(businesses.id, marketingConsents.business_id))
    .where(or(eq(marketingConsents.user_id, userId), eq(marketingConsents.email, email)));
  const received = await ctx.db
    .select({
      producer: businesses.name,
      subject: campaigns.subject,
      status: campaignRecipients.status,
      sent_at: campaignRecipients.sent_at,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaign_id))
    .innerJoin(businesses, eq(businesses.id, campaignRecipients.business_id))
    .where(or(eq(campaignRecipients.user_id, userId), eq(campaignRecipients.email, email)));
  const invited = await ctx.db
    .select({
      producer: businesses.name,
      kind: invitations.kind,
      message: invitations.message,
      sent_at: invitations.sent_at,
      opened_at: invitations.opened_at,
      accepted_at: invitations.accepted_at,
    })
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.business_id))
    .where(or(eq(invitations.email, email), eq(invitations.accepted_by, userId)));
  return { follows: followed, consents, campaign_messages: received, invitations: invited };
}

async function wholesaleOf(ctx: ExportContext, userId: number) {
  const applications = await ctx.db
    .select()
    .from(wholesaleApplications)
    .where(eq(wholesaleApplications.user_id, userId))
    .orderBy(asc(wholesaleApplications.id));
  const files: Record<string, Uint8Array> = {};
  const rows = [];
  for (const a of applications) {
    const stored = storedDocumentPath(ctx.config.UPLOADS_DIR, a.document_path);
    const name = `wholesale/${a.id}-${a.document_name.replace(/[/\\]/g, '_')}`;
    const bytes = stored ? await readFile(stored).catch(() => undefined) : undefined;
    if (bytes) files[name] = new Uint8Array(bytes);
    rows.push({
      id: a.id,
      business_name: a.business_name,
      license_type: a.license_type,
      license_number: a.license_number,
      issuing_state: a.issuing_state,
      license_expires_on: a.license_expires_on,
      document: bytes ? name : `${a.document_name} (the file is no longer stored)`,
      status: a.status,
      rejection_reason: a.rejection_reason,
      reviewed_at: a.reviewed_at,
      submitted_at: a.created_at,
    });
  }
  return { rows, files };
}

async function accountActivityOf(ctx: ExportContext, userId: number, email: string) {
  // The session id is a token hash: left out, like every other secret.
  const ownSessions = await ctx.db
    .select({
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      user_agent: sessions.user_agent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.user_id, userId))
    .orderBy(asc(sessions.created_at));
  const logIns = await ctx.db
    .select({
      at: loginAttempts.created_at,
      ip: loginAttempts.ip,
      succeeded: loginAttempts.succeeded,
    })
    .from(loginAttempts)
    // Failed attempts on the address may be someone else's guesses, from their IP: not the person's.
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true)))
    .orderBy(asc(loginAttempts.created_at));
  const emailChanges = await ctx.db
    .select({
      new_email: emailChangeRequests.new_email,
      requested_at: emailChangeRequests.created_at,
      expires_at: emailChangeRequests.expires_at,
      used_at: emailChangeRequests.used_at,
    })
    .from(emailChangeRequests)
    .where(eq(emailChangeRequests.user_id, userId));
  const mails = await ctx.db
    .select({ subject: mailOutbox.subject, sent_at: mailOutbox.created_at })
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(asc(mailOutbox.id));
  return { sessions: ownSessions, log_ins: logIns, email_changes: emailChanges, emails: mails };
}

async function privacyRequestsOf(ctx: ExportContext, userId: number, email: string) {
  return ctx.db
    .select({
      kind: privacyRequests.kind,
      law: privacyRequests.law,
      channel: privacyRequests.channel,
      status: privacyRequests.status,
      details: privacyRequests.details,
      received_at: privacyRequests.received_at,
      due_at: privacyRequests.due_at,
      resolved_at: privacyRequests.resolved_at,
      resolution_note: privacyRequests.resolution_note,
    })
    .from(privacyRequests)
    .where(or(eq(privacyRequests.user_id, userId), eq(privacyRequests.requester_email, email)))
    .orderBy(asc(privacyRequests.received_at));
}

const ORDER_COLUMNS = [
  'number',
  'placed_at',
  'producer',
  'status',
  'contact_name',
  'contact_email',
  'contact_phone',
  'fulfillment_mode',
  'total',
  'refunded',
] as const;
const LINE_COLUMNS = ['order_number', 'product_name', 'quantity', 'unit_price', 'line_total'];

/** Builds the signed-in person's export and records the request as answered. */
export async function exportMyData(ctx: ExportContext): Promise<PersonalDataExport> {
  const viewer = requireViewer(ctx);
  const now = ctx.clock.now();
  const profile = await profileOf(ctx, viewer.id);
  const email = profile.email;
  // Recorded first, so the export lists this request too.
  await admitExport(ctx, viewer.id);
  const [bought, payments, memberOf, seats, marketing, wholesale, activity, requests, addresses] =
    await Promise.all([
      ordersOf(ctx, viewer.id),
      paymentsOf(ctx, viewer.id),
      clubsOf(ctx, viewer.id),
      ticketsOf(ctx, viewer.id),
      marketingOf(ctx, viewer.id, email),
      wholesaleOf(ctx, viewer.id),
      accountActivityOf(ctx, viewer.id, email),
      privacyRequestsOf(ctx, viewer.id, email),
      ctx.db
        .select({
          label: savedAddresses.label,
          address: savedAddresses.address,
          is_default: savedAddresses.is_default,
          created_at: savedAddresses.created_at,
        })
        .from(savedAddresses)
        .where(eq(savedAddresses.user_id, viewer.id)),
    ]);
  const orderRows = bought.map((order) => ({
    ...order,
    total: csvDollars(order.total_cents),
    refunded: csvDollars(order.refunded_cents),
  }));
  const lineRows = bought.flatMap((order) =>
    order.lines.map((line) => ({
      ...line,
      order_number: order.number,
      unit_price: csvDollars(line.unit_price_cents),
      line_total: csvDollars(line.line_total_cents),
    })),
  );
  const day = now.toISOString().slice(0, 10);
  const bytes = zipSync({
    'README.txt': strToU8(exportReadme(day)),
    'profile.json': json(profile),
    'saved-addresses.json': json(addresses),
    'orders.json': json(bought),
    'orders.csv': csv(ORDER_COLUMNS, orderRows),
    'order-lines.csv': csv(LINE_COLUMNS, lineRows),
    'payments.json': json(payments),
    'club-memberships.json': json(memberOf),
    'tickets.json': json(seats),
    'marketing.json': json(marketing),
    'wholesale-applications.json': json(wholesale.rows),
    ...wholesale.files,
    'account-activity.json': json(activity),
    'privacy-requests.json': json(requests),
  });
  return { filename: `bevy-my-data-${day}.zip`, bytes };
}
