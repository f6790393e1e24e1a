/** The feeds module's public entry: robots.txt, the sitemap and the shopping feeds. */
export { feedRoutes } from './feeds.routes';
