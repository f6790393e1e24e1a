export type PaymentState = 'ready' | 'awaiting-approval' | 'not-set-up' | 'unreadable';

/** Reads the payment account JSON, e.g. {"charges_enabled":false,"details_submitted":true}. */
export function readPaymentState(json: string | null): PaymentState {
  // No payment account yet: the business has not started connecting one.
  if (json === null) return 'not-set-up';
  let info: unknown;
  try {
    info = JSON.parse(json);
  } catch {
    return 'unreadable';
  }
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return 'unreadable';
  const { charges_enabled: chargesEnabled, details_submitted: detailsSubmitted } = info as Record<
    string,
    unknown
  >;
  if (chargesEnabled === true && detailsSubmitted === true) return 'ready';
  if (detailsSubmitted === true) return 'awaiting-approval';
  return 'not-set-up';
}
