/** Minimum age to buy alcohol in the US. */
export const MINIMUM_AGE = 21;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** Sessions end after this long without a request, and at the latest this long after log-in. */
export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** Failed log-ins allowed per account and per address within the window, before a 429. */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 10,
  maxFailuresPerAddress: 50,
} as const;

/**
 * Password reset requests allowed per email (normalized) and per address within the window, before
 * a 429. Each one may send an email, so a few per person are plenty.
 */
export const PASSWORD_RESET_LIMITS = {
  windowMs: 60 * 60 * 1000,
  maxPerEmail: 5,
  maxPerAddress: 20,
} as const;

/**
 * Sign-ups allowed per address and per email (normalized) within the window, before a 429. Each
 * costs a memory-hard password hash; the address allowance leaves room for a household or an
 * office behind one address.
 */
export const SIGN_UP_LIMITS = {
  windowMs: 60 * 60 * 1000,
  maxPerEmail: 3,
  maxPerAddress: 10,
} as const;

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && dayOfMonth >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** Someone whose 21st birthday is `day` is of age that day; the day before, not. */
export function isOfLegalAge(dateOfBirth: string, day: string): boolean {
  return ageOn(dateOfBirth, day) >= MINIMUM_AGE;
}

export const UNDER_AGE_MESSAGE = `You must be ${MINIMUM_AGE} or older to use this marketplace.`;

/** Emails are compared and stored trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
