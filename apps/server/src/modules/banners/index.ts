/** The banners module's public entry: what the rest of the server may use of it. */
export { bannerRoutes } from './banners.routes';
export { listActiveBanners } from './banners.service';
