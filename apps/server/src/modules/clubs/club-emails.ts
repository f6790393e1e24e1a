import { formatCents, HOLD_MESSAGES, type Cents, type HoldReason } from '@bevy/core';
import type { Config } from '../../config';
import type { clubs, clubTiers, memberships, users } from '../../db/tables';
import type { MailMessage } from '../mail/index';
import { message, type Block } from '../orders/index';

/**
 * The emails of clubs: to members when they join, before each release (its notice, or what stops
 * it), when a charge is declined or they are held, and each year restating the renewal terms; to
 * the producer's people when members need their help before a run.
 */

type EmailConfig = Pick<Config, 'publicUrl' | 'SITE_NAME'>;
type Club = Pick<typeof clubs.$inferSelect, 'name'>;
type Tier = Pick<typeof clubTiers.$inferSelect, 'name'>;
type Member = Pick<typeof users.$inferSelect, 'name' | 'email'>;
type Membership = Pick<
  typeof memberships.$inferSelect,
  'id' | 'renewal_terms' | 'card_brand' | 'card_last4'
>;

/** Where a member manages a membership: its next release, card, address, skip, pause, cancel. */
export const membershipUrl = (config: EmailConfig, membershipId: number) =>
  `${config.publicUrl}/consumer/clubs/${membershipId}`;

const manageLink = (config: EmailConfig, membershipId: number): Block => ({
  kind: 'link',
  label: 'Manage your membership',
  href: membershipUrl(config, membershipId),
});

export function joinedEmail(
  config: EmailConfig,
  joined: { user: Member; club: Club; tier: Tier; membership: Membership },
): MailMessage {
  const { user, club, tier, membership } = joined;
  return message(user.email, `Welcome to ${club.name}`, [
    { kind: 'heading', text: `Welcome to ${club.name}, ${user.name}` },
    {
      kind: 'paragraph',
      text: `You joined the ${tier.name} tier. Your ${membership.card_brand} card ending in ${membership.card_last4} is saved for your releases.`,
    },
    { kind: 'paragraph', text: `What you agreed to: ${membership.renewal_terms}` },
    manageLink(config, membership.id),
  ]);
}

export interface ReleaseLineForEmail {
  name: string;
  quantity: number;
  unitPriceCents: Cents;
}

export function releaseNoticeEmail(
  config: EmailConfig,
  notice: {
    user: Member;
    club: Club;
    membershipId: number;
    title: string;
    chargeOn: string;
    customizeThrough: string;
    lines: readonly ReleaseLineForEmail[];
    amountCents: Cents;
  },
): MailMessage {
  return message(notice.user.email, `${notice.club.name}: ${notice.title} on ${notice.chargeOn}`, [
    { kind: 'heading', text: `${notice.title} is coming` },
    {
      kind: 'paragraph',
      text: `On ${notice.chargeOn} your card is charged ${formatCents(notice.amountCents)} for this release. Until the end of ${notice.customizeThrough} you can swap or add bottles, skip it, or change where it goes.`,
    },
    {
      kind: 'lines',
      lines: notice.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.unitPriceCents * line.quantity,
      })),
    },
    manageLink(config, notice.membershipId),
  ]);
}

/** What stops a member's release, sent before any charge is tried, or when they are held at the run. */
export function memberProblemEmail(
  config: EmailConfig,
  problem: {
    user: Member;
    club: Club;
    membershipId: number;
    chargeOn: string;
    reasons: readonly HoldReason[];
    atRun: boolean;
  },
): MailMessage {
  const lead = problem.atRun
    ? `Your ${problem.club.name} release of ${problem.chargeOn} is on hold, and your card was not charged:`
    : `Before your ${problem.club.name} release of ${problem.chargeOn}, something needs your attention:`;
  return message(problem.user.email, `${problem.club.name}: action needed`, [
    { kind: 'heading', text: 'Your club release needs your attention' },
    { kind: 'paragraph', text: lead },
    ...problem.reasons.map((reason) => ({
      kind: 'paragraph' as const,
      text: HOLD_MESSAGES[reason],
    })),
    manageLink(config, problem.membershipId),
  ]);
}

/** The producer's people: members who need help before a run, and what is wrong with each. */
export function producerPrecheckEmail(
  config: EmailConfig,
  report: {
    to: string;
    club: Club & { slug: string };
    businessSlug: string;
    chargeOn: string;
    members: readonly { name: string; reasons: readonly HoldReason[] }[];
  },
): MailMessage {
  return message(
    report.to,
    `${report.club.name}: ${report.members.length} member${report.members.length === 1 ? '' : 's'} need attention before ${report.chargeOn}`,
    [
      { kind: 'heading', text: `Before the release of ${report.chargeOn}` },
      {
        kind: 'paragraph',
        text: 'These members were told what to fix. Until they do, they will be held at the run, not charged.',
      },
      ...report.members.map((member) => ({
        kind: 'paragraph' as const,
        text: `${member.name}: ${member.reasons.map((reason) => HOLD_MESSAGES[reason]).join(' ')}`,
      })),
      {
        kind: 'link',
        label: 'See the members',
        href: `${config.publicUrl}/business/${report.businessSlug}/clubs/${report.club.slug}/members`,
      },
    ],
  );
}

export function declinedEmail(
  config: EmailConfig,
  declined: {
    user: Member;
    club: Club;
    membershipId: number;
    amountCents: Cents;
    reason: string;
    nextTryOn: string | null;
  },
): MailMessage {
  const next = declined.nextTryOn
    ? `We will try again on ${declined.nextTryOn}, or at once when you update your card.`
    : 'We will not try this card again. Update your card and the producer can retry the charge.';
  return message(declined.user.email, `${declined.club.name}: your card was declined`, [
    { kind: 'heading', text: 'Your card was declined' },
    {
      kind: 'paragraph',
      text: `The charge of ${formatCents(declined.amountCents)} for your ${declined.club.name} release was declined: ${declined.reason}`,
    },
    { kind: 'paragraph', text: next },
    {
      kind: 'link',
      label: 'Update your card',
      href: `${membershipUrl(config, declined.membershipId)}#card`,
    },
  ]);
}

export function renewalReminderEmail(
  config: EmailConfig,
  reminder: { user: Member; club: Club; membership: Membership },
): MailMessage {
  return message(reminder.user.email, `${reminder.club.name}: your membership renews`, [
    { kind: 'heading', text: `Your ${reminder.club.name} membership` },
    {
      kind: 'paragraph',
      text: `Once a year we restate what you agreed to when you joined: ${reminder.membership.renewal_terms}`,
    },
    {
      kind: 'paragraph',
      text: 'To skip a release, pause or cancel, visit your membership: cancelling takes two clicks.',
    },
    manageLink(config, reminder.membership.id),
  ]);
}
