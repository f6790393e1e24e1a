import { formatCents, orderStatusLabel } from '@bevy/core';
import { and, count, eq, ne, or } from 'drizzle-orm';
import {
  businesses,
  businessMembers,
  clubs,
  follows,
  marketingConsents,
  memberships,
  savedAddresses,
  users,
  wholesaleApplications,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { requireViewer } from '../../platform/access';
import {
  deletionBlockers,
  isCancelledOnErasure,
  isTicketRefundedOnErasure,
  openOrdersOf,
  upcomingTicketsOf,
  type OpenOrder,
} from './erasure-rules';

/**
 * "What happens when you delete your account": each open thing of the person's and what the
 * deletion does to it, read from the same rules the deletion follows (erasure.service.ts).
 */

export type PreviewContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

export interface DeletionPreviewItem {
  /** blocked, orders_cancelled, orders_kept, memberships, tickets, workplaces, account. */
  group: string;
  what: string;
  outcome: string;
}

export async function deletionPreview(ctx: PreviewContext): Promise<DeletionPreviewItem[]> {
  const viewer = requireViewer(ctx);
  const items: DeletionPreviewItem[] = (await deletionBlockers(ctx.db, viewer.id)).map(
    (problem) => ({ group: 'blocked', what: 'Not yet possible', outcome: problem }),
  );
  for (const order of await openOrdersOf(ctx.db, viewer.id)) {
    const what = `Order ${order.number} from ${order.producer} (${orderStatusLabel(order.status)})`;
    if (isCancelledOnErasure(order)) {
      const left = formatCents(order.totalCents - order.refundedCents);
      items.push({
        group: 'orders_cancelled',
        what,
        outcome:
          order.paymentMethod === 'invoice'
            ? `Cancelled; its ${left} invoice is withdrawn, nothing to pay.`
            : `Cancelled, and ${left} refunded to your card.`,
      });
    } else {
      items.push({ group: 'orders_kept', what, outcome: keptOutcome(order) });
    }
  }
  const live = await ctx.db
    .select({ club: clubs.name, producer: businesses.name, status: memberships.status })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .innerJoin(businesses, eq(businesses.id, clubs.business_id))
    .where(and(eq(memberships.user_id, viewer.id), ne(memberships.status, 'cancelled')));
  for (const m of live) {
    items.push({
      group: 'memberships',
      what: `${m.club} at ${m.producer}`,
      outcome: 'Cancelled at once: no further charges or shipments.',
    });
  }
  const now = ctx.clock.now();
  for (const t of await upcomingTicketsOf(ctx, viewer.id)) {
    const refunded = isTicketRefundedOnErasure(now, t);
    items.push({
      group: 'tickets',
      what: `Ticket for ${t.event} on ${t.startsAt.toISOString().slice(0, 10)}`,
      outcome: refunded
        ? `Cancelled, and ${formatCents(t.ticket.price_cents)} refunded.`
        : 'Kept, without the attendee’s name: the event’s refund policy no longer allows a refund.',
    });
  }
  const workplaces = await ctx.db
    .select({ name: businesses.name })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(businessMembers.user_id, viewer.id));
  for (const w of workplaces) {
    items.push({
      group: 'workplaces',
      what: `Your access to ${w.name}`,
      outcome: 'Removed; the business and its other people stay.',
    });
  }
  items.push(...(await accountItems(ctx, viewer.id)));
  return items;
}

function keptOutcome(order: OpenOrder): string {
  if (order.invoicePaid) {
    return 'Left to complete: its invoice is paid, so only the producer can cancel and refund it.';
  }
  if (order.status === 'placed' && order.hasTickets) {
    return 'Left to complete; its tickets follow their event’s refund policy.';
  }
  if (order.status === 'accepted') {
    return 'Left to complete: the producer has accepted it, so only they can cancel it.';
  }
  return 'Already on its way: it is left to complete.';
}

async function accountItems(ctx: PreviewContext, userId: number): Promise<DeletionPreviewItem[]> {
  const [[addresses], [followed], [consents], [applications], [user]] = await Promise.all([
    ctx.db.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.user_id, userId)),
    ctx.db.select({ n: count() }).from(follows).where(eq(follows.user_id, userId)),
    ctx.db
      .select({ n: count() })
      .from(marketingConsents)
      .innerJoin(users, eq(users.id, userId))
      .where(or(eq(marketingConsents.user_id, userId), eq(marketingConsents.email, users.email))),
    ctx.db
      .select({ n: count() })
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.user_id, userId)),
    ctx.db
      .select({ wholesale: users.wholesale_access_expires_on })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const items: DeletionPreviewItem[] = [
    {
      group: 'account',
      what: 'Your name, email, date of birth and password',
      outcome: 'Erased. You are logged out everywhere and cannot log in again.',
    },
    {
      group: 'account',
      what: 'Your past orders, tickets and club shipments',
      outcome:
        'Kept for 3 years, as US alcohol law requires, as “Deleted buyer”: no name, email or phone, and only the state and first three ZIP digits of addresses.',
    },
    {
      group: 'account',
      what: `${plural(addresses?.n ?? 0, 'saved address', 'saved addresses')}, ${plural(followed?.n ?? 0, 'followed producer')}, ${plural(consents?.n ?? 0, 'marketing consent')}`,
      outcome: 'Deleted. Producers’ marketing will never reach this email again.',
    },
  ];
  if ((applications?.n ?? 0) > 0 || user?.wholesale) {
    items.push({
      group: 'account',
      what: 'Your wholesale application, licence file and wholesale access',
      outcome: 'Deleted.',
    });
  }
  return items;
}
