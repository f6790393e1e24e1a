export { businessPath, clubPath, eventPath, productPath } from '@bevy/core';

/** A site path (`/shop`) as an absolute URL; `publicUrl` has no trailing slash (config). */
export const absoluteUrl = (publicUrl: string, path: string) => `${publicUrl}${path}`;
