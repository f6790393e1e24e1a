import { z } from 'zod';

/** ABA routing numbers carry a check digit: weights 3, 7, 1 over the nine digits. */
function isAbaRoutingNumber(digits: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...digits].reduce(
    (total, digit, index) => total + Number(digit) * weights[index]!,
    0,
  );
  return sum % 10 === 0;
}

/** Whole years between a YYYY-MM-DD birth date and today (UTC). */
function ageInYears(isoDate: string, today = new Date()): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** What Stripe Express onboarding asks an individual in the US, in test mode. */
export const offlineOnboardingSchema = z.object({
  legalName: z
    .string({ error: 'Enter the account holder’s legal name.' })
    .trim()
    .min(2, 'Enter the account holder’s legal name.')
    .max(100, 'The legal name can be at most 100 characters.'),
  dateOfBirth: z
    .string({ error: 'Enter the date of birth.' })
    .trim()
    .min(1, 'Enter the date of birth.')
    .pipe(z.iso.date('Enter the date of birth as a date, e.g. 1990-01-31.'))
    .refine((date) => ageInYears(date) <= 120, 'Check the year of birth.')
    .refine((date) => ageInYears(date) >= 18, 'The account holder must be at least 18 years old.'),
  ssnLast4: z
    .string({ error: 'Enter the last 4 digits of the Social Security number.' })
    .trim()
    .regex(/^\d{4}$/, 'Enter the last 4 digits of the Social Security number.'),
  routingNumber: z
    .string({ error: 'Enter the bank’s routing number.' })
    .trim()
    .regex(/^\d{9}$/, 'A routing number has 9 digits.')
    .refine(isAbaRoutingNumber, 'This is not a valid routing number. Check the digits.'),
  accountNumber: z
    .string({ error: 'Enter the bank account number.' })
    .trim()
    .regex(/^\d{4,17}$/, 'An account number has 4 to 17 digits.'),
});

export type OfflineOnboardingInput = z.infer<typeof offlineOnboardingSchema>;
