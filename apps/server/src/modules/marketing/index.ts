/** The marketing module's public entry: what the rest of the server may use of it. */
export { campaignSendJob } from './campaign-send';
export { marketingRoutes } from './marketing.routes';
export { tradeVoucherOf } from './invitations.service';
export { sendDueCampaigns } from './campaign-send';
export { campaignReport, saveCampaign, scheduleCampaign } from './campaigns.service';
export { saveSegment } from './segments.service';
