/** The accounts module's public entry: what the rest of the server may use of it. */
export { accountRoutes } from './accounts.routes';
export {
  buyerKindOf,
  buyerKindOfViewer,
  findUser,
  seesWholesalePricing,
  signUp,
} from './accounts.service';
export type { UserRow } from './accounts.service';
export { listSavedAddresses } from './addresses.service';
export type { SavedAddressRow } from './addresses.service';
export { hashPassword } from './password';
export { checkCurrentPassword } from './settings.service';
export { pruneAccountRecordsJob } from './pruning-job';
export { emailSubject, perEmailAndAddress, recordRequest } from './rate-limits';
export {
  ENDED_SESSIONS_CHANNEL,
  ENDED_SESSION_MEMORY_MS,
  SESSION_REF,
  endAllSessions,
  endOtherSessions,
  recentlyEndedSessions,
  resolveSession,
  sessionRef,
} from './sessions';
export type { NewSession } from './sessions';
export { clearSessionCookie, registerViewer, setSessionCookie } from './viewer';
