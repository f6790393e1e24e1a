/** The embed module's public entry: the embeddable shop's data and script routes. */
export { embedRoutes } from './embed.routes';
