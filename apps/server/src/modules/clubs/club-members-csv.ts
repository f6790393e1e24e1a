import { FULFILLMENT_MODE_LABELS } from '@bevy/core';
import { csvCell } from '../orders/index';
import type { clubMembers, MemberStatus } from './club-admin.service';

/** A club's members as a spreadsheet opens them: RFC 4180, one member a row. */

type MemberRow = Awaited<ReturnType<typeof clubMembers>>[number];

export const CLUB_MEMBERS_CSV_COLUMNS = [
  'Name',
  'Email',
  'Tier',
  'Status',
  'Joined on',
  'Paused until',
  'Delivery',
  'State',
  'Reason',
] as const;

/** The statuses as the members view names them. */
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  card_problem: 'Card problem',
  held: 'Held',
};

function rowOf(member: MemberRow): string[] {
  const { membership } = member;
  return [
    member.name,
    member.email,
    member.tierName,
    MEMBER_STATUS_LABELS[member.status],
    membership.joined_on,
    membership.paused_until ?? '',
    FULFILLMENT_MODE_LABELS[membership.fulfillment_mode],
    membership.address?.state ?? '',
    membership.status_reason ?? '',
  ];
}

/** The whole file: a header row, then the members, each line ending in CRLF. */
export function clubMembersCsv(members: readonly MemberRow[]): string {
  return [CLUB_MEMBERS_CSV_COLUMNS, ...members.map(rowOf)]
    .map((row) => `${row.map(csvCell).join(',')}\r\n`)
    .join('');
}
