import type { PrivacyLaw, PrivacyRequestKind } from '@bevy/core';
import type { Config } from '../../config';
import type { MailMessage } from '../mail/index';
import { message, type Block } from '../orders/index';
import type { PrivacyOutcome } from './requests.service';

/** The emails of the privacy request queue: the acknowledgement, and the answer. */

type EmailConfig = Pick<Config, 'publicUrl' | 'SITE_NAME'>;

/** What each kind of request asks, as the emails say it. */
export const KIND_PHRASES: Record<PrivacyRequestKind, string> = {
  access: 'a copy of your personal data',
  deletion: 'the deletion of your personal data',
  correction: 'the correction of your personal data',
  opt_out: 'an opt-out of the sale or sharing of your personal data',
  other: 'a privacy request',
};

const LAW_NAMES: Record<PrivacyLaw, string> = {
  gdpr: 'the GDPR',
  ccpa: 'the California Consumer Privacy Act',
};

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const greeting = (name: string | null): Block => ({
  kind: 'paragraph',
  text: name ? `Hello ${name},` : 'Hello,',
});

export function acknowledgementEmail(
  config: EmailConfig,
  input: {
    to: string;
    name: string;
    kind: PrivacyRequestKind;
    law: PrivacyLaw;
    receivedAt: Date;
    dueAt: Date;
  },
): MailMessage {
  return message(input.to, `We received your privacy request`, [
    greeting(input.name),
    {
      kind: 'paragraph',
      text:
        `On ${longDate.format(input.receivedAt)} ${config.SITE_NAME} received your request for ` +
        `${KIND_PHRASES[input.kind]}. We answer it under ${LAW_NAMES[input.law]} by ` +
        `${longDate.format(input.dueAt)} at the latest, and may ask you to confirm who you are first.`,
    },
    {
      kind: 'paragraph',
      text: 'If you have an account, you can download your data or delete your account yourself at any time:',
    },
    { kind: 'link', label: 'Your privacy settings', href: `${config.publicUrl}/account/privacy` },
    {
      kind: 'paragraph',
      text: 'If you did not send this request, reply to this email and tell us.',
    },
  ]);
}

export function outcomeEmail(
  config: EmailConfig,
  input: {
    to: string;
    name: string | null;
    kind: PrivacyRequestKind;
    receivedAt: Date;
    outcome: PrivacyOutcome;
    note: string;
  },
): MailMessage {
  const what = `your request of ${longDate.format(input.receivedAt)} for ${KIND_PHRASES[input.kind]}`;
  const blocks: Block[] = [greeting(input.name)];
  if (input.outcome === 'completed') {
    blocks.push({ kind: 'paragraph', text: `${config.SITE_NAME} has completed ${what}.` });
    if (input.note) blocks.push({ kind: 'paragraph', text: input.note });
  } else {
    blocks.push(
      { kind: 'paragraph', text: `${config.SITE_NAME} has declined ${what}, for this reason:` },
      { kind: 'paragraph', text: input.note },
      {
        kind: 'paragraph',
        text: 'If you disagree, reply to this email. You may also complain to your data protection authority or, in California, to the California Privacy Protection Agency.',
      },
    );
  }
  return message(
    input.to,
    input.outcome === 'completed'
      ? 'Your privacy request is complete'
      : 'Your privacy request was declined',
    blocks,
  );
}
