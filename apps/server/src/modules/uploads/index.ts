/** The uploads module's public entry: what the rest of the server may use of it. */
export { uploadRoutes } from './uploads.routes';
