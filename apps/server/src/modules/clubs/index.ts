/** The clubs module's public entry: what the rest of the server may use of it. */
export { createClub, listClubsToManage } from './clubs.service';
export type { ClubRow, ClubTierRow, ClubWithTiers } from './clubs.service';
