import { z } from 'zod';
import { isIsoDate } from './accounts';
import { US_STATE_CODES } from './us-states';

export const LICENSE_TYPES = [
  'Retailer (off-premises)',
  'Bar or restaurant (on-premises)',
  'Wholesaler or distributor',
  'Caterer or event venue',
  'Other',
] as const;

/** Licence documents: what we accept and how big. */
export const LICENSE_DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
} as const;
export type LicenseDocumentType = keyof typeof LICENSE_DOCUMENT_TYPES;
export const LICENSE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Days before a licence expires that its holder is reminded. */
export const WHOLESALE_REMINDER_DAYS = 30;

export const wholesaleApplicationSchema = z.object({
  businessName: z
    .string()
    .trim()
    .min(1, 'Enter the name of your business.')
    .max(150, 'Use at most 150 characters.'),
  licenseType: z.enum(LICENSE_TYPES, { error: 'Choose the kind of licence you hold.' }),
  licenseNumber: z
    .string()
    .trim()
    .min(3, 'Enter your licence number.')
    .max(60, 'Use at most 60 characters.'),
  issuingState: z.enum(US_STATE_CODES, { error: 'Choose the state that issued your licence.' }),
  licenseExpiresOn: z.string().refine(isIsoDate, 'Enter the date your licence expires.'),
});
export type WholesaleApplicationInput = z.infer<typeof wholesaleApplicationSchema>;

export const rejectionReasonSchema = z
  .string()
  .trim()
  .min(5, 'Tell the applicant why, in a sentence.')
  .max(1000, 'Use at most 1000 characters.');
