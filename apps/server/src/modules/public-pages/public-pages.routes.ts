import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { HttpError, sendError } from '../../http/errors';
import { previewContext } from './describe-page';
import { oembed, type OembedQuery } from './oembed';
import { businessBySlug, publicClub, publicEvent, publicProduct } from './page-data';
import type { PreviewContext } from './previews';
import {
  businessCard,
  cardVersion,
  clubCard,
  eventCard,
  productCard,
  type ShareCard,
} from './share-card';
import { RecentImages, renderShareImage } from './share-image';
import type { ShareKind } from './urls';

const WHOLE = /^[1-9]\d{0,9}$/;

/** The card of a share image's subject, or null when a visitor may not see it. */
async function cardFor(ctx: PreviewContext, kind: ShareKind, key: string) {
  const name = ctx.siteName;
  switch (kind) {
    case 'product': {
      const product = WHOLE.test(key) ? await publicProduct(ctx.db, Number(key)) : null;
      return product && productCard(product, name);
    }
    case 'business': {
      const business = await businessBySlug(ctx.db, key);
      return business && businessCard(business, name);
    }
    case 'event': {
      const event = await publicEvent(ctx.db, key, ctx.now);
      return event && eventCard(event, name);
    }
    case 'club': {
      const club = WHOLE.test(key) ? await publicClub(ctx.db, { id: Number(key) }) : null;
      return club && clubCard(club, name);
    }
  }
}

const KINDS: readonly string[] = ['product', 'business', 'event', 'club'] satisfies ShareKind[];

/** `GET /share-images/{kind}/{key}.png` (link previews' pictures) and `GET /oembed`. */
export async function publicPageRoutes(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const recent = new RecentImages();
  const sources = {
    webDistDir: config.WEB_DIST_DIR,
    // Through the uploads route itself, so local folders and S3 buckets are read alike.
    readUpload: async (uploadPath: string) => {
      const response = await app.inject({ method: 'GET', url: uploadPath });
      return response.statusCode === 200 ? response.rawPayload : null;
    },
  };

  app.get<{ Params: { kind: string; file: string }; Querystring: { v?: string } }>(
    '/share-images/:kind/:file',
    async (request, reply) => {
      const { kind, file } = request.params;
      const key = file.endsWith('.png') ? file.slice(0, -'.png'.length) : '';
      const ctx = previewContext(await request.serviceContext());
      const card: ShareCard | null =
        KINDS.includes(kind) && key ? await cardFor(ctx, kind as ShareKind, key) : null;
      if (!card) throw new HttpError(404, 'NOT_FOUND', 'There is no such image.');
      const version = cardVersion(card);
      const etag = `"${version}"`;
      reply
        .header('etag', etag)
        // A versioned address never changes; an unversioned one is checked again within the hour.
        .header(
          'cache-control',
          request.query.v === version
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        )
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      let png = recent.get(version);
      if (!png) {
        png = await renderShareImage(card, sources);
        recent.set(version, png);
      }
      return reply.type('image/png').send(png);
    },
  );

  app.get<{ Querystring: OembedQuery }>('/oembed', async (request, reply) => {
    const answer = await oembed(previewContext(await request.serviceContext()), request.query);
    // Public facts only, for whichever site asks (WordPress fetches it server-side anyway).
    reply.header('access-control-allow-origin', '*');
    if (answer.status !== 200) {
      return sendError(reply, answer.status, answer.code, answer.message);
    }
    return reply.header('cache-control', 'public, max-age=3600').send(answer.body);
  });
}
