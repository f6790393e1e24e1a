import { placeOrderSchema, type PlaceOrderInput } from '@bevy/core/checkout-schemas';
import { badInput, fromZodError } from '../../platform/domain-error';
import { requireViewer } from '../../platform/access';
import type { PaymentSource } from '../../platform/payment-provider';
import { unwrapAnswer, type CheckoutAnswer, type PaidCheckoutView } from './checkout-answer';
import { chargeCard, refundChargeAfterFailure } from './checkout-charge';
import {
  answerOfHolder,
  claimKey,
  requestFingerprint,
  stillProcessing,
  type Claim,
} from './checkout-claims';
import type { CheckoutContext } from './checkout-context';
import { beforeCharge, recordOutcome } from './checkout-recovery';
import { reserveCart } from './checkout-reservation';
import { settleFailed, settlePaid } from './checkout-settlement';
import { transferPayouts } from './producer-payouts';

/**
 * Placing an order: one request per payment attempt, identified by the client's idempotency key.
 *
 * 1. Claim the key (checkout-claims); a repeat waits for and replays the answer.
 * 2. Reserve (checkout-reservation): price the cart from the database, check every rule, and in
 *    one transaction hold the stock and create one order per producer, 'awaiting_payment'.
 * 3. Charge the whole cart once (checkout-charge). Declined: the orders become 'payment_failed'
 *    and the stock comes back. Paid: the ledger records the charge and each order's commission
 *    and transfer, and the orders become 'placed' (checkout-settlement).
 * 4. Transfer each producer's payout whose connected account can take it; the others are held
 *    (producer-payouts).
 *
 * Orders an approved wholesale buyer pays by invoice are created and placed with the others, but
 * the charge covers only the card orders; with none, nothing is charged (decision 010). A lost
 * database connection is settled by the request itself (checkout-recovery, decision 012).
 */

/** Whether every producer's order is to be paid by invoice, so that no card is charged. */
const everyOrderOnInvoice = (input: PlaceOrderInput) =>
  input.fulfillment.length > 0 && input.fulfillment.every((choice) => choice.payByInvoice);

/** What pays for the card orders; null when every order is paid by invoice. */
function paymentSourceOf(input: PlaceOrderInput, ctx: CheckoutContext): PaymentSource | null {
  if (everyOrderOnInvoice(input)) return null;
  const { card, paymentMethodId } = input.payment ?? {};
  const source: PaymentSource | null =
    card && ctx.payments.accepts('card')
      ? { kind: 'card', ...card }
      : paymentMethodId && ctx.payments.accepts('payment_method')
        ? { kind: 'payment_method', id: paymentMethodId }
        : null;
  if (source) return source;
  throw ctx.payments.accepts('card')
    ? badInput('Enter your card details.', 'payment.card')
    : badInput('Enter your card in the payment form.', 'payment.paymentMethodId');
}

/** Places the buyer's order: the paid checkout, or the refusal thrown as a DomainError. */
export async function placeOrder(
  ctx: CheckoutContext,
  rawInput: unknown,
  now = new Date(),
): Promise<PaidCheckoutView> {
  const viewer = requireViewer(ctx);
  const parsed = placeOrderSchema.safeParse(rawInput);
  if (!parsed.success) throw fromZodError(parsed.error);
  // Who opted out of sharing by Global Privacy Control is not attributed (decision 025).
  const input = viewer.gpcOptOutAt ? { ...parsed.data, source: undefined } : parsed.data;
  const source = paymentSourceOf(input, ctx);
  const fingerprint = requestFingerprint(input);
  // A holder that gave the key up lets a waiting repeat claim it; twice is plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = await claimKey(ctx, viewer.id, input, fingerprint);
    if (claim) return unwrapAnswer(await runCheckout(ctx, claim, viewer.id, input, source, now));
    const answer = await answerOfHolder(ctx.db, viewer.id, input.idempotencyKey, fingerprint);
    if (answer) return unwrapAnswer(answer);
  }
  throw stillProcessing();
}

/** The checkout of a claimed key, from reservation to payouts: its answer. */
async function runCheckout(
  ctx: CheckoutContext,
  claim: Claim,
  buyerId: number,
  input: PlaceOrderInput,
  source: PaymentSource | null,
  now: Date,
): Promise<CheckoutAnswer> {
  const reservation = await beforeCharge(ctx, claim.id, () =>
    reserveCart(ctx, claim, buyerId, input, source, now),
  );
  if ('refused' in reservation) return reservation.refused;
  const { reserved, amount, payoutAccounts } = reservation;

  const byCard = reserved.filter((order) => order.priced.paymentMethod === 'card');
  // Every order is paid by invoice: nothing to charge, the orders are placed at once.
  if (byCard.length === 0 || !source) {
    return recordOutcome(ctx, claim.id, () =>
      settlePaid(ctx, claim, amount, reserved, { paymentId: null, chargeId: null }),
    );
  }
  const charge = await chargeCard(ctx, claim, {
    amountCents: amount,
    source,
    orderNumbers: byCard.map((order) => order.number),
    receiptEmail: input.contact.email,
  });
  if (!charge.paid) {
    return recordOutcome(ctx, claim.id, () =>
      settleFailed(ctx, claim.id, charge.refusal, charge.payment),
    );
  }
  const payment = { paymentId: charge.paymentId, chargeId: charge.chargeId };
  try {
    const answer = await recordOutcome(ctx, claim.id, () =>
      settlePaid(ctx, claim, amount, reserved, payment),
    );
    if (answer.ok) {
      await transferPayouts(ctx, claim, charge.chargeId, byCard, payoutAccounts);
    } else {
      // The webhook recorded a failure first, yet the charge went through: the charge's undo.
      await refundChargeAfterFailure(ctx, {
        checkoutId: claim.id,
        ...payment,
        amountCents: amount,
      });
    }
    return answer;
  } catch (error) {
    // The buyer was charged but it is not recorded: someone must reconcile it with the provider.
    ctx.log.error(
      { err: error, checkoutId: claim.id, paymentId: charge.paymentId },
      'a charged checkout could not be recorded',
    );
    throw error;
  }
}
