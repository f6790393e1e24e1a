import { z } from 'zod';

/**
 * An image of this site: an upload (`/uploads/<generated name>`) or one of the site's own
 * pictures (`/art/<folder>/<name>`). Never another host, which the page's CSP would block anyway.
 */
export const siteImagePath = z
  .string()
  .trim()
  .max(500)
  .regex(
    /^\/(uploads\/[a-f0-9]{32}\.(jpg|png|gif|webp)|art\/[a-z0-9-]+\/[a-z0-9-]+\.(svg|png|jpg))$/,
    'Upload the image again.',
  );
