/** The public pages module's public entry: link previews, share images and oEmbed. */
export { describePage, type PageDescription } from './describe-page';
export { publicPageRoutes } from './public-pages.routes';
