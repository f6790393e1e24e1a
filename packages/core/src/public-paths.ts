/**
 * The public pages' paths, as the web app's router has them: the server's previews, sitemap,
 * feeds and embed link to the same pages the app shows.
 */

const segment = (value: string | number) => encodeURIComponent(String(value));

export const businessPath = (slug: string) => `/business/${segment(slug)}`;

export const productPath = (slug: string, productId: number | string) =>
  `${businessPath(slug)}/item/${segment(productId)}`;

export const eventPath = (urlKey: string) => `/events/${segment(urlKey)}`;

export const clubPath = (businessSlug: string, club: string) =>
  `${businessPath(businessSlug)}/clubs/${segment(club)}`;
