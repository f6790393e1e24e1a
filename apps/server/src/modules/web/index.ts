/** The web module's public entry: what the rest of the server may use of it. */
export { webRoutes } from './web.routes';
