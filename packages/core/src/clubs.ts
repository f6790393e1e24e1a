/**
 * Clubs: memberships a producer runs, with releases (club shipments) charged to a saved card on a
 * schedule, and product subscriptions. The rules here are shared by the server, which decides,
 * and the web app, which explains; decision 019 records the design of the run.
 *
 * Dates are calendar days written YYYY-MM-DD, in the marketplace's day (UTC).
 */
import { addDays, addMonths, format, parseISO } from 'date-fns';
import { isIsoDate, isOfLegalAge } from './accounts';
import { formatCents, type Cents } from './money';
import { divideRoundingHalfUp } from './order-math';

/** How often a club releases, or a subscription renews. */
export const CLUB_CADENCES = [
  'monthly',
  'every_2_months',
  'every_3_months',
  'twice_a_year',
  'release_dates',
] as const;
export type ClubCadence = (typeof CLUB_CADENCES)[number];

export const CLUB_CADENCE_LABELS: Record<ClubCadence, string> = {
  monthly: 'Monthly',
  every_2_months: 'Every 2 months',
  every_3_months: 'Every 3 months',
  twice_a_year: 'Twice a year',
  release_dates: 'On release dates the producer sets',
};

/** Months between releases; null when the producer sets each release's date. */
export function cadenceMonths(cadence: ClubCadence): number | null {
  switch (cadence) {
    case 'monthly':
      return 1;
    case 'every_2_months':
      return 2;
    case 'every_3_months':
      return 3;
    case 'twice_a_year':
      return 6;
    case 'release_dates':
      return null;
  }
}

function day(iso: string): Date {
  if (!isIsoDate(iso)) throw new RangeError(`Not a calendar date: ${iso}`);
  return parseISO(iso);
}

const iso = (date: Date): string => format(date, 'yyyy-MM-dd');

/** `days` after (or, negative, before) a calendar date. */
export function shiftDate(date: string, days: number): string {
  return iso(addDays(day(date), days));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The next `count` charge dates on or after `from` of a cadence that started on `anchor`. Each is
 * counted from the anchor, not from the one before, so a club that charges on the 31st charges
 * on the last day of shorter months and on the 31st again after them.
 */
export function scheduledChargeDates(
  cadence: ClubCadence,
  anchor: string,
  from: string,
  count: number,
): string[] {
  const months = cadenceMonths(cadence);
  if (months === null) throw new RangeError('A club on release dates has no schedule to count');
  const start = day(anchor);
  const dates: string[] = [];
  // The first period that ends on or after `from`, found without walking from the anchor.
  let period = Math.max(0, Math.floor(monthsBetween(anchor, from) / months) - 1);
  while (dates.length < count) {
    const date = iso(addMonths(start, period * months));
    if (date >= from) dates.push(date);
    period++;
  }
  return dates;
}

/** A subscriber's order after the one on `after`, on their cadence counted from `anchor`. */
export function nextSubscriptionChargeOn(
  cadence: ClubCadence,
  anchor: string,
  after: string,
): string {
  return scheduledChargeDates(cadence, anchor, shiftDate(after, 1), 1)[0]!;
}

function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}

/** Days before the charge date that members are sent the release's notice (the producer may change it). */
export const RELEASE_NOTICE_DAYS_DEFAULT = 7;
/** Days before the charge date that cards, addresses and ages are checked, so members can fix them. */
export const RELEASE_PRECHECK_DAYS = 7;
/** Days before the charge date that members' changes to a release close, by default. */
export const RELEASE_CUTOFF_DAYS_DEFAULT = 2;

export interface ReleaseTimeline {
  /** Members are told the contents and the amount. */
  noticeOn: string;
  /** Card expiry, address and age are checked; members and the producer hear of problems. */
  precheckOn: string;
  /** The last day members may swap, add, skip or change address (through the end of the day). */
  customizeThrough: string;
  /** The run: orders are placed and cards charged. */
  chargeOn: string;
}

/** The dates of one release, from its charge date and the producer's notice and cut-off days. */
export function releaseTimeline(
  chargeOn: string,
  options: { noticeDays?: number; cutoffDays?: number } = {},
): ReleaseTimeline {
  const noticeDays = options.noticeDays ?? RELEASE_NOTICE_DAYS_DEFAULT;
  const cutoffDays = options.cutoffDays ?? RELEASE_CUTOFF_DAYS_DEFAULT;
  if (!Number.isInteger(noticeDays) || noticeDays < 1) {
    throw new RangeError('The notice comes at least a day before the charge');
  }
  if (!Number.isInteger(cutoffDays) || cutoffDays < 1 || cutoffDays > noticeDays) {
    throw new RangeError('Changes close between the notice and the day before the charge');
  }
  return {
    noticeOn: shiftDate(chargeOn, -noticeDays),
    precheckOn: shiftDate(chargeOn, -RELEASE_PRECHECK_DAYS),
    customizeThrough: shiftDate(chargeOn, -cutoffDays),
    chargeOn,
  };
}

/** Whether members may still change a release on `today`. */
export function isCustomizable(timeline: ReleaseTimeline, today: string): boolean {
  return today <= timeline.customizeThrough;
}

/** Days after the first decline on which a soft decline is tried again (then the member is held). */
export const SOFT_DECLINE_RETRY_DAYS = [1, 3, 7] as const;

/**
 * The day of the next try after `triesSoFar` declined tries (the run's own try counts as one),
 * or null when the schedule is used up.
 */
export function nextRetryOn(
  firstDeclinedOn: string,
  triesSoFar: number,
  schedule: readonly number[] = SOFT_DECLINE_RETRY_DAYS,
): string | null {
  const offset = schedule[triesSoFar - 1];
  return offset === undefined ? null : shiftDate(firstDeclinedOn, offset);
}

/**
 * Decline codes no retry can fix (Stripe's hard declines): the card is gone, refused for good or
 * wrong. Anything else (insufficient funds, a generic decline, the issuer unavailable) is soft.
 */
const HARD_DECLINE_CODES = new Set([
  'card_not_supported',
  'currency_not_supported',
  'do_not_try_again',
  'expired_card',
  'fraudulent',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_account',
  'invalid_cvc',
  'invalid_number',
  'lost_card',
  'merchant_blacklist',
  'pickup_card',
  'restricted_card',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'security_violation',
  'stolen_card',
  'stop_payment_order',
  'transaction_not_allowed',
]);

export type DeclineKind = 'soft' | 'hard';

export function declineKind(declineCode: string | null | undefined): DeclineKind {
  return declineCode && HARD_DECLINE_CODES.has(declineCode) ? 'hard' : 'soft';
}

/**
 * The payment provider's idempotency key of one try at charging one member for one release: a
 * rerun, a retried job or a second process sends the same key for the same try, so the provider
 * charges it at most once. A new try after a decline is a new key.
 */
export function clubChargeKey(releaseId: number, membershipId: number, tryNumber: number): string {
  for (const [name, value] of [
    ['release', releaseId],
    ['membership', membershipId],
    ['try', tryNumber],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`Bad ${name}: ${value}`);
  }
  return `club-charge-r${releaseId}-m${membershipId}-t${tryNumber}`;
}

/** The most a member discount may be, in basis points (50%). */
export const MAX_MEMBER_DISCOUNT_BASIS_POINTS = 5_000;

/** A price less the member's discount (basis points), rounded half up to the cent (decision 009). */
export function discountedPrice(price: Cents, discountBasisPoints: number): Cents {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`Bad price: ${price}`);
  if (
    !Number.isInteger(discountBasisPoints) ||
    discountBasisPoints < 0 ||
    discountBasisPoints > MAX_MEMBER_DISCOUNT_BASIS_POINTS
  ) {
    throw new RangeError(`Bad discount: ${discountBasisPoints} basis points`);
  }
  return price - divideRoundingHalfUp(price * discountBasisPoints, 10_000);
}

/** A membership as its members and producers see it. */
export const MEMBERSHIP_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** What happened to one member at a release's run (the producer's run report). */
export const RELEASE_OUTCOMES = [
  'pending',
  /** A try at the card is out; its answer is not recorded yet. */
  'charging',
  'charged',
  'retrying',
  'declined',
  'skipped',
  'held',
] as const;
export type ReleaseOutcome = (typeof RELEASE_OUTCOMES)[number];

/** Why a member cannot receive a release now; they are held, not charged, and told. */
export const HOLD_REASONS = [
  'under_age',
  'account_disabled',
  'state_forbids',
  'card_expires',
  'out_of_stock',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const HOLD_MESSAGES: Record<HoldReason, string> = {
  under_age: 'Club releases go only to members who are 21 or older on the charge date.',
  account_disabled: 'This account is disabled, so no release can be sent to it.',
  state_forbids:
    'This producer may not ship this release to your state. Choose pickup or another address.',
  card_expires: 'Your saved card expires before the charge date. Update your card.',
  out_of_stock:
    'A product in this release sold out before it could be set aside for you. The producer will be in touch.',
};

export interface MemberAtRun {
  dateOfBirth: string;
  disabled: boolean;
  fulfillment: 'pickup' | 'delivery' | 'ship';
  /** The two-letter state shipped to (for 'ship'). */
  shipToState: string | null;
  /** The card's last valid month, YYYY-MM; null when no card is saved. */
  cardExpiresThrough: string | null;
}

/**
 * Why a member cannot be charged for a release on `chargeOn`, first reason first; null when they
 * can. `shipsTo` lists the states the producer may ship the release to.
 */
export function holdReasons(
  member: MemberAtRun,
  chargeOn: string,
  shipsTo: ReadonlySet<string>,
): HoldReason[] {
  const reasons: HoldReason[] = [];
  if (member.disabled) reasons.push('account_disabled');
  if (!isOfLegalAge(member.dateOfBirth, chargeOn)) reasons.push('under_age');
  if (member.fulfillment === 'ship' && !(member.shipToState && shipsTo.has(member.shipToState))) {
    reasons.push('state_forbids');
  }
  if (member.cardExpiresThrough === null || member.cardExpiresThrough < chargeOn.slice(0, 7)) {
    reasons.push('card_expires');
  }
  return reasons;
}

/** Why a member's changes to a release are refused, or null when they hold. */
export function customizationRefusal(
  bottles: number,
  minimumBottles: number,
  today: string,
  timeline: ReleaseTimeline,
): string | null {
  if (!isCustomizable(timeline, today)) {
    return 'Changes to this release closed at the end of its cut-off day.';
  }
  if (bottles < minimumBottles) {
    return `This release needs at least ${minimumBottles} bottles.`;
  }
  return null;
}

const CADENCE_PHRASES: Record<ClubCadence, string> = {
  monthly: 'every month',
  every_2_months: 'every 2 months',
  every_3_months: 'every 3 months',
  twice_a_year: 'twice a year',
  release_dates: 'on each release date the producer sets',
};

export interface RenewalTermsClub {
  name: string;
  cadence: ClubCadence;
  memberDiscountBasisPoints: number;
  minimumReleases: number;
  noticeDays: number;
  /** A product subscription's orders, the first placed on the day of subscribing. */
  subscription?: boolean;
}

export interface RenewalTermsTier {
  name: string;
  bottles: number;
  priceBasis: 'contents' | 'fixed';
  fixedPriceCents: Cents | null;
}

/**
 * The automatic renewal the member agrees to, naming the amount and the cadence. The join form
 * shows it beside the unticked consent; the server stores the words it generated, not the form's.
 */
export function renewalTerms(club: RenewalTermsClub, tier: RenewalTermsTier): string {
  const percent = club.memberDiscountBasisPoints / 100;
  if (club.subscription) {
    return (
      `I agree that ${club.name} (${tier.name}) charges my saved card for each order of ` +
      `${tier.bottles} its retail price` +
      (percent > 0 ? ` less my ${percent}% subscription discount` : '') +
      `, plus tax and any shipping or delivery fee, today and then ` +
      `${CADENCE_PHRASES[club.cadence]} until I cancel. I am told the contents and the amount ` +
      `${club.noticeDays} days before each later charge, and I can skip, pause or cancel online ` +
      `at any time.`
    );
  }
  const amount =
    tier.priceBasis === 'fixed' && tier.fixedPriceCents !== null
      ? `${formatCents(tier.fixedPriceCents)} for each release of ${tier.bottles} bottles`
      : `for each release of ${tier.bottles} bottles its retail price` +
        (percent > 0 ? ` less my ${percent}% member discount` : '');
  const minimum =
    club.minimumReleases > 0
      ? ` ${club.name} asks members to stay for at least ${club.minimumReleases} release${club.minimumReleases === 1 ? '' : 's'}.`
      : '';
  return (
    `I agree that ${club.name} (${tier.name}) charges my saved card ${amount}, plus tax and any ` +
    `shipping or delivery fee, ${CADENCE_PHRASES[club.cadence]} until I cancel. I am told the ` +
    `contents and the amount ${club.noticeDays} days before each charge, and I can skip, pause ` +
    `or cancel online at any time.${minimum}`
  );
}

/** Why a buyer who is not a member of the producer's clubs may not buy a members-only product. */
export function membersOnlyMessage(productName: string, producerName: string): string {
  return `${productName} is for members of ${producerName}’s clubs. Join one to buy it.`;
}
