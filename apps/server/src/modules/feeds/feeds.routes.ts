import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Sharp from 'sharp';
import { lazyPackage } from '../../platform/lazy-package';
import { HttpError } from '../../http/errors';
import type { ServiceContext } from '../../platform/context';
import { findBusinessBySlug } from '../businesses/index';
import { freshnessTracker } from './freshness';
import { merchantFeedXml, type FeedSite } from './merchant-feed';
import { merchantImageOf, merchantProducts, publicPages } from './public-catalog.service';
import type { MerchantProduct } from './public-catalog.service';
import { absoluteUrl, businessPath } from './public-urls';
import { robotsTxt } from './robots';
import { indexOf, SITEMAP_MAX_URLS, splitSitemap, urlsetXml } from './sitemap';

/** Loaded on first use: start-up does not pay for the image library. */
const loadSharp = lazyPackage<typeof Sharp>('sharp');

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

/** The site's own drawings, which Google does not take as product pictures (it takes no SVG). */
const SITE_SVG = /^\/art\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/;

const feedImagePath = (productId: number) => `/feeds/products/${productId}/image.png`;

/**
 * robots.txt, the sitemap and the shopping feeds, made from the database on each request (a
 * crawler's conditional request is answered 304 when nothing changed). They take the process's
 * context, without a viewer: what they show is the same for everyone, and never wholesale.
 */
export async function feedRoutes(
  app: FastifyInstance,
  options: { services: ServiceContext; urlsPerSitemap?: number },
) {
  const { services } = options;
  const { publicUrl, SITE_NAME: siteName, WEB_DIST_DIR: distDir } = services.config;
  const perFile = options.urlsPerSitemap ?? SITEMAP_MAX_URLS;
  const send = freshnessTracker(() => services.clock.now());
  const sitemapPartUrl = (n: number) => absoluteUrl(publicUrl, `/sitemaps/${n}.xml`);

  app.get('/robots.txt', (request, reply) =>
    send(request, reply, {
      key: 'robots',
      body: robotsTxt(publicUrl),
      contentType: 'text/plain; charset=utf-8',
    }),
  );

  async function sitemap() {
    const pages = await publicPages(services);
    const entries = pages.map((page) => ({
      loc: absoluteUrl(publicUrl, page.path),
      lastmod: page.updatedAt,
    }));
    return splitSitemap(entries, perFile);
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const map = await sitemap();
    const body =
      map.kind === 'single' ? urlsetXml(map.entries) : indexOf(map.parts, sitemapPartUrl);
    return send(request, reply, { key: 'sitemap', body, contentType: XML });
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const n = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const map = n ? await sitemap() : null;
    const part = map?.kind === 'split' ? map.parts[Number(n) - 1] : undefined;
    if (!part) throw new HttpError(404, 'NOT_FOUND', 'There is no such sitemap.');
    return send(request, reply, { key: `sitemap-${n}`, body: urlsetXml(part), contentType: XML });
  });

  const imageLinkOf = ({ product }: MerchantProduct): string | null => {
    const image = product.bottle_image_url;
    if (!image) return null;
    if (SITE_SVG.test(image)) return absoluteUrl(publicUrl, feedImagePath(product.id));
    return /^https?:\/\//.test(image) ? image : absoluteUrl(publicUrl, image);
  };

  const sendFeed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    products: MerchantProduct[],
    site: Omit<FeedSite, 'publicUrl'>,
  ) =>
    send(request, reply, {
      key,
      body: merchantFeedXml(products, { ...site, publicUrl }, imageLinkOf),
      contentType: RSS,
    });

  app.get('/feeds/products.xml', async (request, reply) =>
    sendFeed(request, reply, 'feed', await merchantProducts(services), {
      title: siteName,
      link: absoluteUrl(publicUrl, '/shop'),
      description: `Wine, beer, cider and spirits from the producers on ${siteName}.`,
    }),
  );

  app.get<{ Params: { slug: string } }>('/feeds/:slug/products.xml', async (request, reply) => {
    const business = await findBusinessBySlug(services, request.params.slug);
    if (!business) throw new HttpError(404, 'NOT_FOUND', 'There is no such producer.');
    return sendFeed(
      request,
      reply,
      `feed-${business.id}`,
      await merchantProducts(services, { businessId: business.id }),
      {
        title: business.name,
        link: absoluteUrl(publicUrl, businessPath(business.slug)),
        description: `Products of ${business.name} on ${siteName}.`,
      },
    );
  });

  // The site's drawings as PNG, made once per drawing: the set is small and fixed by the build.
  const rendered = new Map<string, Promise<Buffer | null>>();
  const renderPng = (image: string) => {
    let png = rendered.get(image);
    if (!png) {
      png = readFile(path.join(distDir, image))
        .then((svg) =>
          loadSharp()(svg, { density: 192 })
            .resize({ width: 800, height: 800, fit: 'contain', background: '#ffffff' })
            .flatten({ background: '#ffffff' })
            .png()
            .toBuffer(),
        )
        .catch(() => {
          // Not kept: the file may appear with the next build.
          rendered.delete(image);
          return null;
        });
      rendered.set(image, png);
    }
    return png;
  };

  app.get<{ Params: { id: string } }>('/feeds/products/:id/image.png', async (request, reply) => {
    const id = Number(request.params.id);
    const image =
      /^\d{1,9}$/.test(request.params.id) && distDir ? await merchantImageOf(services, id) : null;
    const png = image && SITE_SVG.test(image) ? await renderPng(image) : null;
    if (!png) throw new HttpError(404, 'NOT_FOUND', 'There is no such picture.');
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(png);
  });
}
