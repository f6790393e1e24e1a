/**
 * Payments: producers' connected accounts (Stripe Connect, or the offline stand-in for its test
 * mode) and Stripe's webhook. The payment port itself, which checkout and refunds use through
 * `ServiceContext.payments`, is platform/payment-provider.ts.
 */
export { paymentRoutes } from './payments.routes';
export { paymentProviderFor, stripeInfoJson } from './payments.service';
export { stripeWebhookRoutes } from './stripe-webhook.routes';
export { createOfflineProvider } from './offline-provider';
