/** The clubs module's public entry: what the rest of the server may use of it. */
export { createClub, listClubsToManage, setClubStatus, subscribedProducts } from './clubs.service';
export type { ClubRow, ClubTierRow, ClubWithTiers } from './clubs.service';
export { clubCalendarJob } from './club-timeline';
export { clubRoutes } from './clubs.routes';
export { runRelease } from './club-run';
export { renewalTermsOf, savedCardColumns } from './memberships.service';
export { endMembership } from './member-changes.service';
export { ensureSubscriptionReleases } from './releases.service';
export { timeTravelRoutes } from './time-travel.routes';
