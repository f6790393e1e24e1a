import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_STATUSES,
  CONSENT_SOURCES,
  CONSENT_STATUSES,
  INVITATION_KINDS,
  RECIPIENT_STATUSES,
  SUPPRESSION_REASONS,
  UNSUBSCRIBE_METHODS,
  type CampaignBlock,
  type SegmentFilter,
} from '@bevy/core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

export const consentStatusEnum = pgEnum('consent_status', CONSENT_STATUSES);
export const consentSourceEnum = pgEnum('consent_source', CONSENT_SOURCES);
export const unsubscribeMethodEnum = pgEnum('unsubscribe_method', UNSUBSCRIBE_METHODS);
export const suppressionReasonEnum = pgEnum('suppression_reason', SUPPRESSION_REASONS);
export const campaignStatusEnum = pgEnum('campaign_status', CAMPAIGN_STATUSES);
export const recipientStatusEnum = pgEnum('campaign_recipient_status', RECIPIENT_STATUSES);
export const invitationKindEnum = pgEnum('invitation_kind', INVITATION_KINDS);

/** A buyer following a business: they see it at /consumer; mail needs consent besides. */
export const follows = pgTable(
  'follows',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.user_id] }),
    index('follows_user_idx').on(t.user_id),
  ],
);

/**
 * One person's consent to one producer's marketing, with its evidence: when it was asked and
 * confirmed, how, and the words agreed to. Keyed by address, since invitations reach people
 * without an account. `token_hash` is the confirmation link's secret while pending.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower case. */
    email: text('email').notNull(),
    status: consentStatusEnum('status').notNull().default('pending'),
    source: consentSourceEnum('source').notNull(),
    consent_text: text('consent_text').notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull(),
    requested_ip: text('requested_ip'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    token_hash: text('token_hash'),
    token_expires_at: timestamp('token_expires_at', { withTimezone: true }),
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawn_via: unsubscribeMethodEnum('withdrawn_via'),
    /** The campaign whose link withdrew it, for the campaign's report. */
    withdrawn_campaign_id: integer('withdrawn_campaign_id'),
  },
  (t) => [
    uniqueIndex('marketing_consents_business_email_idx').on(t.business_id, t.email),
    uniqueIndex('marketing_consents_token_idx').on(t.token_hash),
    index('marketing_consents_user_idx').on(t.user_id),
  ],
);

/**
 * Addresses no producer's marketing may reach, as a SHA-256 of the lower-cased address so that a
 * deleted account's suppression outlives its address: the mail server refused it permanently, or
 * its owner reported a message as spam. Transactional mail is not affected.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email_hash: text('email_hash').notNull(),
    reason: suppressionReasonEnum('reason').notNull(),
    campaign_id: integer('campaign_id'),
    detail: text('detail'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email_hash, t.reason] })],
);

/** A producer's saved filter of customers; its count is computed when read. */
export const segments = pgTable(
  'segments',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    ...timestamps,
  },
  (t) => [index('segments_business_idx').on(t.business_id)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    preview: text('preview').notNull().default(''),
    blocks: jsonb('blocks').$type<CampaignBlock[]>().notNull(),
    /** Everyone subscribed when null. */
    segment_id: integer('segment_id').references(() => segments.id, { onDelete: 'set null' }),
    status: campaignStatusEnum('status').notNull().default('draft'),
    /** The audience's name when sending began (the segment may later change or go). */
    audience_label: text('audience_label'),
    /** The campaign's links, fixed when sending begins: a click names one by its index. */
    links: jsonb('links').$type<string[]>(),
    /** When everyone it goes to had a recipient row: sending only works through them then. */
    recipients_ready_at: timestamp('recipients_ready_at', { withTimezone: true }),
    scheduled_at: timestamp('scheduled_at', { withTimezone: true }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('campaigns_business_idx').on(t.business_id),
    index('campaigns_due_idx')
      .on(t.scheduled_at)
      .where(sql`${t.status} in ('scheduled', 'sending')`),
  ],
);

/**
 * One message of a campaign: who, what became of it, and the secret of its links (click and
 * unsubscribe). Written once per person (unique), so a restarted send never adds a second.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    consent_id: integer('consent_id').references(() => marketingConsents.id, {
      onDelete: 'set null',
    }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    token: text('token').notNull(),
    status: recipientStatusEnum('status').notNull().default('pending'),
    skip_reason: text('skip_reason'),
    /** When it went into the outbox: the frequency cap counts from here. */
    queued_at: timestamp('queued_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_email_idx').on(t.campaign_id, t.email),
    uniqueIndex('campaign_recipients_token_idx').on(t.token),
    index('campaign_recipients_pending_idx')
      .on(t.campaign_id, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('campaign_recipients_recent_idx').on(t.business_id, t.email, t.queued_at),
  ],
);

/** A click through a campaign's link (our redirect): no pixel, so no opens. */
export const campaignClicks = pgTable(
  'campaign_clicks',
  {
    id: serial('id').primaryKey(),
    recipient_id: integer('recipient_id')
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    clicked_at: timestamp('clicked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('campaign_clicks_campaign_idx').on(t.campaign_id, t.recipient_id)],
);

/**
 * A producer's invitation by email: to follow, to join a club, to an event's presale, or to open
 * a trade (wholesale) account vouched for by the producer. Single use; the link's secret is kept
 * only as a hash.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: invitationKindEnum('kind').notNull(),
    email: text('email').notNull(),
    club_id: integer('club_id'),
    event_id: integer('event_id'),
    message: text('message').notNull().default(''),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    opened_at: timestamp('opened_at', { withTimezone: true }),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    accepted_by: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_idx').on(t.token_hash),
    index('invitations_business_idx').on(t.business_id, t.sent_at),
  ],
);
