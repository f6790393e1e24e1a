import type { FastifyInstance } from 'fastify';
import { US_ZIP_PATTERN } from '@bevy/core';
import type ZipCodes from 'zipcodes';
import { HttpError } from '../../http/errors';
import { lazyPackage } from '../../platform/lazy-package';

const zipcodes = lazyPackage<typeof ZipCodes>('zipcodes');

export interface ZipLocation {
  zip: string;
  lat: number;
  lng: number;
  city: string;
  state: string;
}

/** A US ZIP code (ZIP+4 allowed) resolved offline, from the `zipcodes` data package. */
export function locateZip(zip: string): ZipLocation | null {
  const found = zipcodes().lookup(zip.trim().slice(0, 5));
  return found
    ? {
        zip: found.zip,
        lat: found.latitude,
        lng: found.longitude,
        city: found.city,
        state: found.state,
      }
    : null;
}

/** Resolves a US ZIP code to coordinates offline. */
export async function geoRoutes(app: FastifyInstance) {
  app.get<{ Params: { zip: string } }>('/geo/zip/:zip', async (request, reply) => {
    const zip = request.params.zip.trim();
    if (!US_ZIP_PATTERN.test(zip)) {
      throw new HttpError(400, 'INVALID_ZIP', 'A ZIP code has five digits, like 97214.');
    }
    const found = locateZip(zip);
    if (!found) {
      throw new HttpError(404, 'ZIP_NOT_FOUND', `We could not find the ZIP code ${zip}.`);
    }
    reply.header('cache-control', 'public, max-age=86400');
    return found;
  });
}
