/**
 * Placing orders: claims, reservation, the charge and its settlement, and the sweeper of
 * checkouts left behind. The payment provider's webhook settles a checkout through the functions
 * below, whichever request charged it.
 */
export { placeOrder } from './place-order';
export { checkoutSweepJob } from './checkout-sweeper';
export { settleManyPaidByProvider, settlePaidByProvider } from './checkout-settlement';
export { recordPaymentFailure } from './checkout-outcome';
export { noteReconciliation, refundUnrecordedCharge } from './checkout-charge';
export type { RefundToMake } from './checkout-charge';
export { fulfillmentFee, fulfillmentProblems } from './fulfillment-checks';
export type { CatalogBusiness, CatalogProduct } from './checkout-pricing';
export { loadCatalog, type LoadedCatalog } from './checkout-catalog';
export { releaseStock } from './stock-holds';
export { recordEvents } from './checkout-outcome';
export { holdStock } from './stock-holds';
export { CheckoutRefused } from './checkout-answer';
