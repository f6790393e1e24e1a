import { z } from 'zod';
import { isIsoDate } from './accounts';
import { US_STATE_CODES } from './us-states';
import { LICENSE_TYPES } from './wholesale-application';

export const wholesaleApplicationSchema = z.object({
  businessName: z
    .string()
    .trim()
    .min(1, 'Enter the name of your business.')
    .max(150, 'Use at most 150 characters.'),
  licenseType: z.enum(LICENSE_TYPES, { error: 'Choose the kind of license you hold.' }),
  licenseNumber: z
    .string()
    .trim()
    .min(3, 'Enter your license number.')
    .max(60, 'Use at most 60 characters.'),
  issuingState: z.enum(US_STATE_CODES, { error: 'Choose the state that issued your license.' }),
  licenseExpiresOn: z.string().refine(isIsoDate, 'Enter the date your license expires.'),
});
export type WholesaleApplicationInput = z.infer<typeof wholesaleApplicationSchema>;

export const rejectionReasonSchema = z
  .string()
  .trim()
  .min(5, 'Tell the applicant why, in a sentence.')
  .max(1000, 'Use at most 1000 characters.');
