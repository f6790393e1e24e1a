import { addDays, addMonths } from 'date-fns';

/** What a person may ask of us about their data (GDPR articles 15–21, CCPA's rights). */
export const PRIVACY_REQUEST_KINDS = [
  'access',
  'deletion',
  'correction',
  'opt_out',
  'other',
] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** The law a request is answered under, which sets its deadline. */
export const PRIVACY_LAWS = ['gdpr', 'ccpa'] as const;
export type PrivacyLaw = (typeof PRIVACY_LAWS)[number];

export const PRIVACY_REQUEST_STATUSES = ['open', 'completed', 'declined'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** How a request reached us: answered at once by the person themselves, by the form, or by GPC. */
export const PRIVACY_REQUEST_CHANNELS = ['self_service', 'form', 'gpc'] as const;
export type PrivacyRequestChannel = (typeof PRIVACY_REQUEST_CHANNELS)[number];

/** CCPA: 45 days to answer (extendable once by 45 more, with notice). */
export const CCPA_ANSWER_DAYS = 45;

/**
 * When an answer to a request received at `receivedAt` is due: one calendar month under GDPR
 * (Art. 12(3); the 31st of January answers by the last day of February), 45 days under CCPA.
 */
export function privacyDeadline(law: PrivacyLaw, receivedAt: Date): Date {
  return law === 'gdpr' ? addMonths(receivedAt, 1) : addDays(receivedAt, CCPA_ANSWER_DAYS);
}
