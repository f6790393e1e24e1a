import { sql, type SQL } from 'drizzle-orm';
import type { SegmentFilter } from '@bevy/core';
import { containsPattern } from '../../platform/paging';

/**
 * The one query behind a producer's customer list, its segments' counts and a campaign's
 * audience: everyone who bought from the business, joined one of its clubs, holds a ticket to
 * one of its events, follows it or consented to its email, with what a producer segments by.
 * Figures are read live, so counts follow the data as it changes.
 */

/** Orders that happened: not ones still awaiting payment or whose payment failed. */
const PLACED = sql.raw(`('awaiting_payment', 'payment_failed')`);
/** Orders that count toward spend and order count. */
const UNDONE = sql.raw(`('awaiting_payment', 'payment_failed', 'cancelled', 'refunded')`);

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** The people of a business with their figures; `where` filters them, columns as selected. */
export function audienceQuery(businessId: number, filter: SegmentFilter, now: Date): SQL {
  // A deleted account is nobody's customer any more (decision 024).
  const conditions: SQL[] = [sql`u.deleted_at is null`];
  switch (filter.relationship) {
    case 'customer':
      conditions.push(sql`coalesce(o.orders, 0) > 0`);
      break;
    case 'club_member':
      conditions.push(sql`m.club_status in ('active', 'paused')`);
      break;
    case 'former_club_member':
      conditions.push(sql`m.club_status = 'cancelled'`);
      break;
    case 'event_attendee':
      conditions.push(sql`coalesce(t.tickets, 0) > 0`);
      break;
    case 'follower':
      conditions.push(sql`f.user_id is not null`);
      break;
    case undefined:
      break;
  }
  if (filter.boughtWithinDays !== undefined || filter.beverageType !== undefined) {
    const since =
      filter.boughtWithinDays === undefined
        ? sql`true`
        : sql`o2.created_at >= ${new Date(now.getTime() - filter.boughtWithinDays * 86_400_000).toISOString()}::timestamptz`;
    const type =
      filter.beverageType === undefined
        ? sql`true`
        : sql`p.beverage_type = ${filter.beverageType}::beverage_type`;
    conditions.push(sql`exists (
      select 1 from orders o2
      join order_lines l on l.order_id = o2.id
      left join products p on p.id = l.product_id
      where o2.business_id = ${businessId} and o2.buyer_id = u.id
        and o2.status not in ${UNDONE} and ${since} and ${type})`);
  }
  if (filter.minSpentCents !== undefined) {
    conditions.push(sql`coalesce(o.spent, 0) >= ${filter.minSpentCents}`);
  }
  if (filter.states && filter.states.length > 0) {
    conditions.push(
      sql`o.state in (${sql.join(
        filter.states.map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.subscribedOnly) conditions.push(sql`mc.status = 'subscribed'`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }

  return sql`
    with o as (
      select buyer_id as user_id,
        coalesce(sum(total_cents - refunded_cents) filter (where status not in ${UNDONE}), 0)::int as spent,
        (count(*) filter (where status not in ${UNDONE}))::int as orders,
        max(created_at) as last_order_at,
        (array_agg(coalesce(fulfillment_address->>'state', billing_address->>'state')
          order by created_at desc))[1] as state
      from orders
      where business_id = ${businessId} and status not in ${PLACED}
      group by buyer_id
    ), m as (
      select ms.user_id,
        (array_agg(ms.status::text order by (ms.status <> 'cancelled') desc, ms.joined_on desc))[1]
          as club_status
      from memberships ms join clubs c on c.id = ms.club_id
      where c.business_id = ${businessId}
      group by ms.user_id
    ), t as (
      select tk.buyer_id as user_id, count(*)::int as tickets
      from tickets tk join events e on e.id = tk.event_id
      where e.business_id = ${businessId} and tk.status = 'valid' and tk.buyer_id is not null
      group by tk.buyer_id
    ), f as (
      select user_id, created_at from follows where business_id = ${businessId}
    ), people as (
      select user_id from o union select user_id from m union select user_id from t
      union select user_id from f
      union select user_id from marketing_consents
        where business_id = ${businessId} and user_id is not null
    )
    select u.id, u.name, u.email,
      coalesce(o.spent, 0) as spent_cents, coalesce(o.orders, 0) as order_count,
      ${epochMs('o.last_order_at')} as last_order_ms, o.state,
      m.club_status, coalesce(t.tickets, 0) as tickets,
      ${epochMs('f.created_at')} as followed_ms,
      mc.id as consent_id, mc.status::text as consent, mc.source::text as consent_source,
      ${epochMs('mc.requested_at')} as consent_requested_ms,
      ${epochMs('mc.confirmed_at')} as consent_confirmed_ms,
      ${epochMs('mc.withdrawn_at')} as consent_withdrawn_ms,
      mc.withdrawn_via::text as consent_withdrawn_via
    from people p
    join users u on u.id = p.user_id
    left join o on o.user_id = u.id
    left join m on m.user_id = u.id
    left join t on t.user_id = u.id
    left join f on f.user_id = u.id
    left join marketing_consents mc on mc.business_id = ${businessId} and mc.email = lower(u.email)
    where ${sql.join(conditions, sql` and `)}`;
}

/** A row of `audienceQuery`, as the database answers it. */
export interface AudienceRow {
  id: number;
  name: string;
  email: string;
  spent_cents: number;
  order_count: number;
  last_order_ms: number | null;
  state: string | null;
  club_status: 'active' | 'paused' | 'cancelled' | null;
  tickets: number;
  followed_ms: number | null;
  consent_id: number | null;
  consent: 'pending' | 'subscribed' | 'unsubscribed' | null;
  consent_source: 'follow' | 'invitation' | null;
  consent_requested_ms: number | null;
  consent_confirmed_ms: number | null;
  consent_withdrawn_ms: number | null;
  consent_withdrawn_via: string | null;
}
