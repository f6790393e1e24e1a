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
