import type { InvitationKind } from '@bevy/core';
import type { Config } from '../../config';
import type { MailMessage } from '../mail/index';
import { message, type Block } from '../orders/index';

/** The transactional emails of marketing: confirming consent, and invitations. */

type EmailConfig = Pick<Config, 'publicUrl' | 'SITE_NAME'>;

export const confirmUrl = (config: EmailConfig, token: string) =>
  `${config.publicUrl}/email/confirm/${token}`;
export const invitationUrl = (config: EmailConfig, token: string) =>
  `${config.publicUrl}/invitations/${token}`;

export function confirmationEmail(
  config: EmailConfig,
  input: { to: string; business: { name: string }; token: string },
): MailMessage {
  const { business } = input;
  return message(input.to, `Confirm email from ${business.name}`, [
    {
      kind: 'paragraph',
      text: `You asked to get news, releases and offers from ${business.name} on ${config.SITE_NAME}.`,
    },
    { kind: 'link', label: 'Yes, send me their email', href: confirmUrl(config, input.token) },
    {
      kind: 'paragraph',
      text: 'If you did not ask for this, ignore this message: nothing will be sent. The link works for 7 days.',
    },
  ]);
}

const INVITED_TO: Record<InvitationKind, (what: string) => string> = {
  follow: (business) => `follow ${business} on our marketplace`,
  club: (club) => `join ${club}`,
  event: (event) => `get tickets to ${event} before anyone else`,
  trade: (business) => `open a trade account and buy from ${business} at wholesale prices`,
};

export function invitationEmail(
  config: EmailConfig,
  input: {
    to: string;
    kind: InvitationKind;
    businessName: string;
    /** The club or event, for those kinds. */
    subjectName: string | null;
    note: string;
    token: string;
    expiresAt: Date;
  },
): MailMessage {
  const what = INVITED_TO[input.kind](input.subjectName ?? input.businessName);
  const blocks: Block[] = [
    { kind: 'paragraph', text: `${input.businessName} invites you to ${what}.` },
  ];
  if (input.note) blocks.push({ kind: 'paragraph', text: input.note });
  blocks.push(
    { kind: 'link', label: 'Accept the invitation', href: invitationUrl(config, input.token) },
    {
      kind: 'paragraph',
      text:
        `The invitation is for you alone and works once, until ` +
        `${input.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '')}.`,
    },
  );
  return message(input.to, `${input.businessName} invites you to ${what}`, blocks);
}
