import { sql } from 'drizzle-orm';
import { segmentFilterSchema, type SegmentFilter } from '@bevy/core';
import { rowsOf } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { requireMember } from '../../platform/access';
import { fromZodError, notFound } from '../../platform/domain-error';
import type { Page } from '../../platform/paging';
import { findBusinessBySlug, type BusinessRow } from '../businesses/index';
import { csvCell, csvDollars } from '../orders/index';
import { audienceQuery, type AudienceRow } from './audience';

/**
 * A producer's customers (deliverable 1 of the marketing issue): only the business's own, to
 * the people who work there; filtered with the segment language; exported as CSV.
 */

type ReadContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

/** The business at `slug`, which the viewer must work at (or administer). */
export async function marketingBusiness(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  slug: string,
): Promise<BusinessRow> {
  const business = await findBusinessBySlug(ctx, slug);
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(
    ctx,
    business.id,
    'Only people who work at this business can see its customers.',
  );
  return business;
}

export function parseSegmentFilter(input: unknown): SegmentFilter {
  const parsed = segmentFilterSchema.safeParse(input ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

export interface Customer {
  userId: number;
  name: string;
  email: string;
  lifetimeValueCents: number;
  orderCount: number;
  lastOrderAt: Date | null;
  state: string | null;
  clubStatus: 'active' | 'paused' | 'cancelled' | null;
  tickets: number;
  followedAt: Date | null;
  consent: {
    status: 'pending' | 'subscribed' | 'unsubscribed';
    source: 'follow' | 'invitation';
    requestedAt: Date;
    confirmedAt: Date | null;
    withdrawnAt: Date | null;
    withdrawnVia: string | null;
  } | null;
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

function customerOf(row: AudienceRow): Customer {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    lifetimeValueCents: row.spent_cents,
    orderCount: row.order_count,
    lastOrderAt: dateOf(row.last_order_ms),
    state: row.state,
    clubStatus: row.club_status,
    tickets: row.tickets,
    followedAt: dateOf(row.followed_ms),
    consent:
      row.consent && row.consent_source && row.consent_requested_ms !== null
        ? {
            status: row.consent,
            source: row.consent_source,
            requestedAt: new Date(row.consent_requested_ms),
            confirmedAt: dateOf(row.consent_confirmed_ms),
            withdrawnAt: dateOf(row.consent_withdrawn_ms),
            withdrawnVia: row.consent_withdrawn_via,
          }
        : null,
  };
}

/** How many people of the business match the filter, read now. */
export async function audienceCount(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  businessId: number,
  filter: SegmentFilter,
): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await ctx.db.execute(
      sql`select count(*)::int as count from (${audienceQuery(businessId, filter, ctx.clock.now())}) a`,
    ),
  );
  return row?.count ?? 0;
}

export async function listCustomers(
  ctx: ReadContext,
  slug: string,
  filterInput: unknown,
  page: Page,
): Promise<{ total: number; customers: Customer[] }> {
  const business = await marketingBusiness(ctx, slug);
  const filter = parseSegmentFilter(filterInput);
  const query = audienceQuery(business.id, filter, ctx.clock.now());
  const [rows, total] = await Promise.all([
    ctx.db.execute(
      sql`select * from (${query}) a order by a.spent_cents desc, a.id limit ${page.limit} offset ${page.offset}`,
    ),
    audienceCount(ctx, business.id, filter),
  ]);
  return { total, customers: rowsOf<AudienceRow>(rows).map(customerOf) };
}

export const CUSTOMERS_CSV_COLUMNS = [
  'Name',
  'Email',
  'Lifetime value',
  'Orders',
  'Last order',
  'Club',
  'Tickets',
  'State',
  'Following since',
  'Email consent',
  'Consent source',
  'Consent asked',
  'Consent confirmed',
  'Consent withdrawn',
] as const;

const isoOrBlank = (date: Date | null | undefined) => (date ? date.toISOString() : '');

/** Every matching customer as CSV, consent evidence included. */
export async function customersCsv(ctx: ReadContext, slug: string, filterInput: unknown) {
  const business = await marketingBusiness(ctx, slug);
  const filter = parseSegmentFilter(filterInput);
  const rows = rowsOf<AudienceRow>(
    await ctx.db.execute(
      sql`select * from (${audienceQuery(business.id, filter, ctx.clock.now())}) a order by a.spent_cents desc, a.id`,
    ),
  ).map(customerOf);
  const lines = [CUSTOMERS_CSV_COLUMNS.join(',')];
  for (const customer of rows) {
    lines.push(
      [
        customer.name,
        customer.email,
        csvDollars(customer.lifetimeValueCents),
        String(customer.orderCount),
        isoOrBlank(customer.lastOrderAt),
        customer.clubStatus ?? '',
        String(customer.tickets),
        customer.state ?? '',
        isoOrBlank(customer.followedAt),
        customer.consent?.status ?? '',
        customer.consent?.source ?? '',
        isoOrBlank(customer.consent?.requestedAt),
        isoOrBlank(customer.consent?.confirmedAt),
        isoOrBlank(customer.consent?.withdrawnAt),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { business, csv: `${lines.join('\r\n')}\r\n` };
}
