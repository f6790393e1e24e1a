/** The privacy module's public entry: what the rest of the server may use of it. */
export { recordGpcOptOut, registerGpc, sendsGpc } from './gpc';
export { answeredStandIn, PRIVACY_REQUEST_LIMITS } from './requests.service';
export { privacyDueReminderJob } from './requests-reminder-job';
export { privacyRoutes } from './privacy.routes';
