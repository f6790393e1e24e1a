import {
  PRIVACY_LAWS,
  PRIVACY_REQUEST_CHANNELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
} from '@bevy/core';
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './accounts';

export const privacyRequestKindEnum = pgEnum('privacy_request_kind', PRIVACY_REQUEST_KINDS);
export const privacyLawEnum = pgEnum('privacy_law', PRIVACY_LAWS);
export const privacyRequestStatusEnum = pgEnum('privacy_request_status', PRIVACY_REQUEST_STATUSES);
export const privacyRequestChannelEnum = pgEnum(
  'privacy_request_channel',
  PRIVACY_REQUEST_CHANNELS,
);

/**
 * Every privacy request and its answer: self-service downloads and deletions are recorded already
 * completed, the form's wait in the admins' queue until their deadline.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: privacyRequestKindEnum('kind').notNull(),
    law: privacyLawEnum('law').notNull(),
    channel: privacyRequestChannelEnum('channel').notNull(),
    status: privacyRequestStatusEnum('status').notNull().default('open'),
    /** The account it concerns, when known; kept null after that account is erased. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requester_name: text('requester_name'),
    /** Normalized (trimmed, lower case). Replaced by a stand-in once the request is answered. */
    requester_email: text('requester_email').notNull(),
    details: text('details'),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** One month (GDPR) or 45 days (CCPA) after it was received. */
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution_note: text('resolution_note'),
    ...timestamps,
  },
  (t) => [
    index('privacy_requests_status_idx').on(t.status, t.due_at),
    index('privacy_requests_user_idx').on(t.user_id),
  ],
);
