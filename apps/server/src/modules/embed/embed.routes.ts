import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedEncoding, type ContentEncoding } from '../../http/content-encoding';
import { HttpError } from '../../http/errors';
import type { ServiceContext } from '../../platform/context';
import { EMBED_MODES, type EmbedMode } from '@bevy/core';
import { embedShop } from './embed.service';

/** Where the web build writes the embed script (apps/web/vite.embed.config.ts). */
export const EMBED_SCRIPT_PATH = path.join('embed', 'embed.js');

const PRODUCT_ID = /^[1-9]\d{0,14}$/;
const CLUB_KEY = /^[a-z0-9-]{1,100}$/i;
const SLUG = /^[a-z0-9-]{1,100}$/i;

interface EmbedQuery {
  mode?: string;
  product?: string;
  club?: string;
}

/**
 * Any website may read these, without cookies: nothing in them depends on who asks. The
 * resource policy lets other origins load them too (helmet's default is same-origin).
 */
function shareWithEveryOrigin(reply: FastifyReply, maxAgeSeconds: number) {
  reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', `public, max-age=${maxAgeSeconds}`);
}

function parseQuery(query: EmbedQuery) {
  const mode = (query.mode ?? 'products') as EmbedMode;
  if (!EMBED_MODES.includes(mode)) {
    throw new HttpError(400, 'BAD_USER_INPUT', `mode must be one of ${EMBED_MODES.join(', ')}.`);
  }
  if (query.product !== undefined && !PRODUCT_ID.test(query.product)) {
    throw new HttpError(400, 'BAD_USER_INPUT', 'product must be a product id, such as 42.');
  }
  if (query.club !== undefined && !CLUB_KEY.test(query.club)) {
    throw new HttpError(400, 'BAD_USER_INPUT', "club must be a club's id or its name in its URL.");
  }
  return {
    mode,
    productId: query.product === undefined ? undefined : Number(query.product),
    club: query.club,
  };
}

/** The suffix of the build's precompressed copies (scripts/precompress.mjs), by encoding. */
const COMPRESSED_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * `GET /embed/v1/{business}`: the data of the embeddable shop, and `GET /embed.js`, the script
 * producers put on their own websites (a web component that renders it).
 */
export async function embedRoutes(
  app: FastifyInstance,
  options: { services: ServiceContext; webDistDir: string },
) {
  const { services } = options;

  app.get<{ Params: { slug: string }; Querystring: EmbedQuery }>(
    '/embed/v1/:slug',
    async (request, reply) => {
      // Errors carry the header too, so the widget can read and show them.
      reply.header('access-control-allow-origin', '*');
      const { slug } = request.params;
      if (!SLUG.test(slug)) throw new HttpError(404, 'NOT_FOUND', 'There is no such business.');
      const shop = await embedShop(services, slug.toLowerCase(), parseQuery(request.query));
      shareWithEveryOrigin(reply, 60);
      return shop;
    },
  );

  app.get('/embed.js', async (request, reply) => {
    if (!options.webDistDir) throw new HttpError(404, 'NOT_FOUND', 'The web app is not built.');
    const file = path.join(options.webDistDir, EMBED_SCRIPT_PATH);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // The build writes .br and .gz beside it (scripts/precompress.mjs); the plain file otherwise.
    const compressed = encoding
      ? await readFile(`${file}${COMPRESSED_SUFFIX[encoding]}`).catch(() => null)
      : null;
    const body = compressed ?? (await readFile(file).catch(() => null));
    if (!body) throw new HttpError(404, 'NOT_FOUND', 'The embed script is not built.');
    // A short cache: producers' pages pick up a new version within minutes.
    shareWithEveryOrigin(reply, 300);
    reply.header('vary', 'accept-encoding').type('text/javascript; charset=utf-8');
    if (compressed && encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}
