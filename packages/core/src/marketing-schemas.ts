import { z } from 'zod';
import { BEVERAGE_TYPES } from './beverage';
import { CUSTOMER_RELATIONSHIPS, INVITATION_KINDS, MARKETING_LIMITS } from './marketing';
import { US_STATE_CODES } from './us-states';

/**
 * What producers send to filter their customers, save a segment, write a campaign and invite
 * people. One filter language serves the customer list, segments and a campaign's audience.
 */

const positiveWhole = (label: string, max: number) =>
  z
    .number({ error: `Enter ${label} as a whole number.` })
    .min(1, `Enter ${label} of at least 1.`)
    .max(max, `Enter ${label} of at most ${max.toLocaleString('en-US')}.`)
    .refine(Number.isInteger, `Enter ${label} as a whole number.`);

export const segmentFilterSchema = z
  .object({
    relationship: z
      .enum(CUSTOMER_RELATIONSHIPS, { error: 'Choose a relationship from the list.' })
      .optional(),
    boughtWithinDays: positiveWhole('a number of days', 3650).optional(),
    beverageType: z
      .enum(BEVERAGE_TYPES, { error: 'Choose a beverage type from the list.' })
      .optional(),
    minSpentCents: positiveWhole('an amount', 100_000_000).optional(),
    states: z
      .array(z.enum(US_STATE_CODES as [string, ...string[]], { error: 'Choose a US state.' }))
      .max(60)
      .optional(),
    subscribedOnly: z.boolean().optional(),
    search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  })
  .strict();
export type SegmentFilter = z.infer<typeof segmentFilterSchema>;

export const segmentInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the segment.')
    .max(MARKETING_LIMITS.segmentNameLength, 'Use at most 80 characters for the name.'),
  filter: segmentFilterSchema,
});
export type SegmentInput = z.infer<typeof segmentInputSchema>;

const catalogueId = z.number().int().positive();

/** A campaign's body: rich text, or an item of the producer's catalogue rendered when sent. */
export const campaignBlockSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      html: z
        .string()
        .max(MARKETING_LIMITS.textBlockLength, 'A text block holds at most 20,000 characters.'),
    }),
    z.object({ kind: z.literal('product'), productId: catalogueId }),
    z.object({ kind: z.literal('club'), clubId: catalogueId }),
    z.object({ kind: z.literal('event'), eventId: catalogueId }),
  ],
  { error: 'A block is text, a product, a club or an event.' },
);
export type CampaignBlock = z.infer<typeof campaignBlockSchema>;

export const campaignInputSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Write a subject.')
    .max(MARKETING_LIMITS.subjectLength, 'Use at most 150 characters for the subject.'),
  preview: z
    .string()
    .trim()
    .max(MARKETING_LIMITS.previewLength, 'Use at most 200 characters for the preview text.')
    .default(''),
  blocks: z
    .array(campaignBlockSchema)
    .min(1, 'Add at least one block.')
    .max(MARKETING_LIMITS.blocks, 'Use at most 30 blocks.'),
  /** Everyone subscribed when absent. */
  segmentId: catalogueId.nullable().default(null),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

const email = z.email({ error: 'Enter valid email addresses.' }).max(254);

export const invitationInputSchema = z
  .object({
    kind: z.enum(INVITATION_KINDS, { error: 'Choose what to invite people to.' }),
    emails: z
      .array(email)
      .min(1, 'Enter at least one email address.')
      .max(MARKETING_LIMITS.invitationsPerRequest, 'Invite at most 50 people at a time.'),
    clubId: catalogueId.optional(),
    eventId: catalogueId.optional(),
    message: z
      .string()
      .trim()
      .max(MARKETING_LIMITS.invitationMessageLength, 'Use at most 1,000 characters for the note.')
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'club' && !value.clubId) {
      ctx.addIssue({ code: 'custom', path: ['clubId'], message: 'Choose the club.' });
    }
    if (value.kind === 'event' && !value.eventId) {
      ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'Choose the event.' });
    }
  });
export type InvitationInput = z.infer<typeof invitationInputSchema>;
