/**
 * Orders after checkout: what sellers and buyers read of them, the seller's workflow,
 * cancellations and refunds, invoices marked paid, the emails about them and the CSV export.
 */
export { orderRoutes } from './orders.routes';
export { csvCell, csvDollars } from './orders-csv';
export { checkoutEmails, queueCheckoutEmails } from './order-emails';
export type { OrderEmailContext } from './order-emails';
export { escapeHtml, message, type Block, type EmailSite } from './order-email-blocks';
export { refundLineUnits } from './order-refunds.service';
export { cancelOrderForErasure } from './order-changes.service';
export type { OrderChangeContext } from './order-change-rules';
