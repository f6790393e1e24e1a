/** The businesses module's public entry: what the rest of the server may use of it. */
export { productCountsOfBusinesses } from './business-stats.service';
export {
  addressesOfBusinesses,
  findBusinessById,
  findBusinessBySlug,
  listWorkplaces,
} from './businesses.service';
export type { AddressRow, BusinessRow } from './businesses.service';
export { fulfillmentFeesOf, fulfillmentOfferOf } from './fulfillment-offer';
