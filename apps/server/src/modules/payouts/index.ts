/**
 * What producers are owed and paid: the ledger's arithmetic, its sums per order, the release of
 * payouts held until a producer's account can take them, and the payouts page's figures.
 */
export {
  paidCheckoutMovements,
  planCancellation,
  planRefund,
  refundStateWithoutLedger,
} from './ledger';
export type { OrderMoney, RefundPlan, RefundState } from './ledger';
export { ledgerSumsOf } from './ledger-sums';
export type { LedgerSums } from './ledger-sums';
export { payoutReleaseJob, releaseHeldPayouts, sendPayout } from './payout-release.service';
