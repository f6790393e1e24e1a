/**
 * The rules of producers' marketing (decision 021): who may be mailed, how often, what a person
 * agreed to, and what every marketing message must carry to reach an inbox.
 */

/** How consent was given: following a business, or accepting a producer's invitation. */
export const CONSENT_SOURCES = ['follow', 'invitation'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** 'pending' until the person confirms by email (double opt-in); only 'subscribed' gets mail. */
export const CONSENT_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** How someone stopped the mail: the mail client's button, the footer link, or their account. */
export const UNSUBSCRIBE_METHODS = ['one-click', 'footer', 'account'] as const;
export type UnsubscribeMethod = (typeof UNSUBSCRIBE_METHODS)[number];

/** Why an address gets no marketing at all: the mail server refused it, or its owner complained. */
/** 'erased': the address's owner deleted their account; kept so deletion never restarts mail. */
export const SUPPRESSION_REASONS = ['refused', 'complained', 'erased'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const MARKETING_LIMITS = {
  /** No one gets more than one campaign per producer in this many hours (Klaviyo's default). */
  frequencyCapHours: 16,
  /** Orders placed this long after a click count as the campaign's revenue. */
  attributionDays: 7,
  /** A confirmation link for a follow works this long. */
  confirmationDays: 7,
  /** An invitation works this long. */
  invitationDays: 14,
  subjectLength: 150,
  previewLength: 200,
  blocks: 30,
  textBlockLength: 20_000,
  segmentNameLength: 80,
  invitationsPerRequest: 50,
  invitationMessageLength: 1000,
} as const;

/**
 * The words a person agrees to when following with marketing consent. Kept with the consent, as
 * evidence of what was agreed (Mailchimp keeps opt-in and confirmation times the same way).
 */
export function consentText(businessName: string): string {
  return (
    `Email me news, releases and offers from ${businessName}. ` +
    'I can unsubscribe at any time with one click from any email.'
  );
}

/**
 * The headers of RFC 8058: a mail client shows an unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the HTTPS URL, with no cookie, log-in or page in between.
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Whether a campaign may go to a person who last had one from this producer at `lastSentAt`. */
export function withinFrequencyCap(lastSentAt: Date | null, now: Date): boolean {
  if (!lastSentAt) return false;
  return now.getTime() - lastSentAt.getTime() < MARKETING_LIMITS.frequencyCapHours * 3_600_000;
}

/** Invitations: to follow, to join a club, to an event's presale, or a trade buyer's account. */
export const INVITATION_KINDS = ['follow', 'club', 'event', 'trade'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What became of one recipient of a campaign. */
export const RECIPIENT_STATUSES = ['pending', 'queued', 'sent', 'refused', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The relationships a segment can ask for. */
export const CUSTOMER_RELATIONSHIPS = [
  'customer',
  'club_member',
  'former_club_member',
  'event_attendee',
  'follower',
] as const;
export type CustomerRelationship = (typeof CUSTOMER_RELATIONSHIPS)[number];
