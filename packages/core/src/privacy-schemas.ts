import { z } from 'zod';
import { PRIVACY_REQUEST_KINDS, type PrivacyLaw } from './privacy';

/** Where the requester lives, as the form asks it: it picks the law, and so the deadline. */
export const PRIVACY_REGIONS = ['eu_uk', 'california', 'elsewhere'] as const;
export type PrivacyRegion = (typeof PRIVACY_REGIONS)[number];

/**
 * California residents are answered under CCPA (45 days); everyone else under GDPR, whose one
 * month is the shorter deadline, so nobody waits longer than the strictest law would allow.
 */
export const lawOfRegion = (region: PrivacyRegion): PrivacyLaw =>
  region === 'california' ? 'ccpa' : 'gdpr';

export const PRIVACY_DETAILS_MAX = 5000;

/** The public privacy request form (`/privacy/request`), checked the same way in browser and server. */
export const privacyRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter your name.')
      .max(100, 'Use at most 100 characters for your name.'),
    email: z
      .string()
      .trim()
      .min(1, 'Enter your email address.')
      .max(254, 'That email address is too long.')
      .pipe(z.email('Enter a valid email address, like name@example.com.')),
    kind: z.enum(PRIVACY_REQUEST_KINDS, { message: 'Choose what you are asking for.' }),
    region: z.enum(PRIVACY_REGIONS, { message: 'Choose where you live.' }),
    details: z
      .string()
      .trim()
      .max(PRIVACY_DETAILS_MAX, `Use at most ${PRIVACY_DETAILS_MAX} characters.`)
      .default(''),
  })
  .refine((input) => !['correction', 'other'].includes(input.kind) || input.details !== '', {
    path: ['details'],
    message: 'Tell us what to correct or what you are asking for.',
  });
export type PrivacyRequestInput = z.input<typeof privacyRequestSchema>;

/** Why an admin declines a request: the requester reads it, so it may not be empty. */
export const privacyDeclineReasonSchema = z
  .string()
  .trim()
  .min(1, 'Enter the reason for declining; the requester receives it by email.')
  .max(2000, 'Use at most 2000 characters.');

export const privacyCompletionNoteSchema = z
  .string()
  .trim()
  .max(2000, 'Use at most 2000 characters.');
