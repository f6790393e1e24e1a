/** Words for invitations, shared by the producer's list and the invitee's page. */

export type InvitationKindName = 'follow' | 'club' | 'event' | 'trade';

export const INVITATION_KIND_LABELS: Record<InvitationKindName, string> = {
  follow: 'Follow the business',
  club: 'Join a club',
  event: 'Event presale',
  trade: 'Trade account (bars, restaurants, shops)',
};

export const INVITATION_STATE_LABELS: Record<string, { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'gray' },
  opened: { label: 'Opened', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  expired: { label: 'Expired', color: 'orange' },
  revoked: { label: 'Withdrawn', color: 'red' },
};

/** What the invitee is invited to, in a sentence's words. */
export function invitedTo(kind: InvitationKindName, businessName: string, subject: string | null) {
  switch (kind) {
    case 'follow':
      return `follow ${businessName}`;
    case 'club':
      return `join ${subject ?? 'a club'} at ${businessName}`;
    case 'event':
      return `get tickets to ${subject ?? 'an event'} before anyone else`;
    case 'trade':
      return `open a trade account and buy from ${businessName} at wholesale prices`;
  }
}

/** Where accepting leads: the club's page, the event, the wholesale application, or the business. */
export function afterAcceptPath(accepted: {
  kind: InvitationKindName;
  businessSlug: string;
  clubSlug: string | null;
  eventKey: string | null;
}): string {
  const business = `/business/${encodeURIComponent(accepted.businessSlug)}`;
  if (accepted.kind === 'club' && accepted.clubSlug)
    return `${business}/clubs/${accepted.clubSlug}`;
  if (accepted.kind === 'event' && accepted.eventKey) return `/events/${accepted.eventKey}`;
  if (accepted.kind === 'trade') return '/wholesale/apply';
  return business;
}

/** Addresses typed or pasted one per line, or separated by commas, semicolons or spaces. */
export function parseEmailList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
