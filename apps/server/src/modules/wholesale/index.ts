/** The wholesale module's public entry: what the rest of the server may use of it. */
export { wholesaleRoutes } from './wholesale.routes';
export { wholesaleReminderJob } from './wholesale.service';
export { removeStoredDocument, storedDocumentPath } from './license-documents';
