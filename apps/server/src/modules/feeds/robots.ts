/**
 * Paths crawlers keep out of, from the web app's router (apps/web/src/app/router.tsx) and the
 * server's own routes: the seller area, a buyer's own pages, sign-in pages, one-time links and the
 * API. Google reads `*` as any characters and `$` as the end of the path; the public pages under
 * /business/{slug} (the profile, /item/{id}, /clubs/{club}) stay open.
 */
export const DISALLOWED_PATHS = [
  // The seller area.
  '/dashboard',
  '/business/new',
  '/business/orders',
  '/business/research-and-shop',
  '/business/*/edit',
  '/business/*/products',
  '/business/*/stripe-connect-status',
  '/business/*/payouts',
  '/business/*/clubs$',
  '/business/*/clubs/*/releases',
  '/business/*/clubs/*/members',
  '/business/*/events',
  '/business/*/customers',
  '/business/*/campaigns',
  '/business/*/invitations',
  '/business/*/embed',
  '/orders/',
  '/admin',
  '/offline-payments/',
  // A buyer's own pages and the way to them.
  '/cart',
  '/shipping-and-billing',
  '/success',
  '/consumer',
  '/wholesale/',
  '/signup',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/email/',
  '/invitations/',
  '/tickets/',
  // The API (uploaded pictures at /uploads/ stay open: pages and feeds show them).
  '/graphql',
  '/graphiql',
  '/search',
  '/1/',
  '/get-search-token',
  '/upload$',
  '/logout',
  '/stripe/',
  '/wholesale-applications',
  '/geo/',
  '/banners',
  '/health',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
