import type { CheckoutAnswer, CheckoutRefusal, PaidCheckoutView } from '@bevy/core';
import { DomainError } from '../../platform/domain-error';

/**
 * What placing an order answers is stored with the checkout, so that a repeat of the same request
 * (same buyer, same idempotency key) gets exactly the same answer; its types live in @bevy/core,
 * beside the table that stores them. Here: how a refusal travels and reaches the caller.
 */

export type {
  CheckoutAnswer,
  CheckoutErrorCode,
  CheckoutRefusal,
  PaidCheckoutView,
  PlacedOrderLineView,
  PlacedOrderView,
  PlacedTicketLineView,
} from '@bevy/core';

/** A refusal raised while the cart is checked; becomes the checkout's stored answer. */
export class CheckoutRefused extends Error {
  constructor(readonly refusal: CheckoutRefusal) {
    super(refusal.message);
    this.name = 'CheckoutRefused';
  }
}

/** The refusal thrown, as other services refuse. */
export function refusalError(refusal: CheckoutRefusal): DomainError {
  const { code, message, field, ...extra } = refusal;
  return new DomainError(code, message, field, extra);
}

/** The answer as the mutation returns it: the checkout, or its refusal thrown. */
export function unwrapAnswer(answer: CheckoutAnswer): PaidCheckoutView {
  if (answer.ok) return answer.checkout;
  throw refusalError(answer.refusal);
}
