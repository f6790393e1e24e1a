/** The geo module's public entry: what the rest of the server may use of it. */
export { geoRoutes, locateZip } from './geo.routes';
