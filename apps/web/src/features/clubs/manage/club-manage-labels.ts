import { FULFILLMENT_MODE_LABELS, type FulfillmentMode } from '@bevy/core';
import { businessPath } from '../../../components/business-nav';
import type { ClubMemberStatus } from '../api/club-manage';

/** The club management page's two tabs, each at its own address. */
export const CLUB_TABS = [
  { value: 'releases', label: 'Releases' },
  { value: 'members', label: 'Members' },
] as const;
export type ClubTab = (typeof CLUB_TABS)[number]['value'];

/** The business's clubs, as its people manage them. */
export const clubsPath = (businessSlug: string) => `${businessPath(businessSlug)}/clubs`;

/** The club's public page; its management tabs are below it. */
export const clubPath = (businessSlug: string, clubSlug: string) =>
  `${clubsPath(businessSlug)}/${encodeURIComponent(clubSlug)}`;

export const clubTabPath = (businessSlug: string, clubSlug: string, tab: ClubTab) =>
  `${clubPath(businessSlug, clubSlug)}/${tab}`;

export interface MemberFilters {
  search: string;
  status: ClubMemberStatus | null;
}

/** The members CSV with the filters the members tab shows (the server applies the same). */
export function membersCsvHref(businessSlug: string, clubSlug: string, filters: MemberFilters) {
  const query = new URLSearchParams();
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.status) query.set('status', filters.status);
  const base = `${clubPath(businessSlug, clubSlug)}/members.csv`;
  return query.size > 0 ? `${base}?${query}` : base;
}

export const MEMBER_STATUSES: Record<ClubMemberStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'yellow' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  card_problem: { label: 'Card problem', color: 'red' },
  held: { label: 'Held', color: 'orange' },
};

const RELEASE_STATUSES: Record<string, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  running: { label: 'Running', color: 'yellow' },
  done: { label: 'Done', color: 'green' },
};

/** The server names a release's status as a string; one it adds later still shows. */
export const releaseStatus = (status: string) =>
  RELEASE_STATUSES[status] ?? { label: status, color: 'gray' };

const OUTCOMES: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  charged: { label: 'Charged', color: 'green' },
  retrying: { label: 'Retrying', color: 'yellow' },
  declined: { label: 'Declined', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
  held: { label: 'Held', color: 'orange' },
};

export const shipmentOutcome = (outcome: string) =>
  OUTCOMES[outcome] ?? { label: outcome, color: 'gray' };

export const deliveryLabel = (mode: string) =>
  FULFILLMENT_MODE_LABELS[mode as FulfillmentMode] ?? mode;
