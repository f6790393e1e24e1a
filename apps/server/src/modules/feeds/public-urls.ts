/** The public pages' addresses (shared with the web app's router), absolute under the site. */

const part = encodeURIComponent;

export const businessPath = (slug: string) => `/business/${part(slug)}`;

export const productPath = (slug: string, productId: number) =>
  `${businessPath(slug)}/item/${productId}`;

export const eventPath = (urlKey: string) => `/events/${part(urlKey)}`;

export const clubPath = (businessSlug: string, clubSlug: string) =>
  `${businessPath(businessSlug)}/clubs/${part(clubSlug)}`;

/** A site path (`/shop`) as an absolute URL; `publicUrl` has no trailing slash (config). */
export const absoluteUrl = (publicUrl: string, path: string) => `${publicUrl}${path}`;
