import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { sendError } from '../../http/errors';
import { listActiveBanners } from '../banners/index';
import type { ServiceContext } from '../../platform/context';
import { describePage, publicPageRoutes, type PageDescription } from '../public-pages/index';
import { routePreloads } from './route-preloads';

/** Paths that belong to the API: they answer JSON, never the web app. */
const API_PREFIXES = [
  '/graphql',
  '/graphiql',
  '/search',
  '/1/',
  '/banners',
  '/get-search-token',
  '/geo/',
  '/upload',
  '/uploads/',
  '/logout',
  '/stripe/',
  '/files/',
  '/wholesale-applications',
  '/assets/',
  '/health',
  '/share-images/',
  '/oembed',
];

const PUBLIC_CONFIG_MARKER = '<!--public-config-->';
/** The element the web app's banner strip reads its first banners from (banner-strip.tsx). */
const INITIAL_BANNERS_ID = 'initial-banners';
/**
 * The element that tells the web app's user store (me-store.ts) the visitor has no session, so
 * it shows the page at once instead of asking GetMe first: a round trip less before a landing
 * page (the business page waits for it) renders.
 */
const NO_SESSION_TAG = '<script id="initial-me" type="application/json">{"me":null}</script>\n    ';

/** The path part of a URL, without query string. */
const pathOf = (url: string) => url.split('?')[0] ?? url;

function isApiPath(url: string): boolean {
  const pathname = pathOf(url);
  return API_PREFIXES.some((prefix) => {
    const base = prefix.replace(/\/$/, '');
    return pathname === base || pathname.startsWith(`${base}/`);
  });
}

/** A request for a file (a name with an extension) that was not found is a 404, not a page. */
function looksLikeFile(url: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(pathOf(url));
}

/**
 * Whether the client accepts nothing but JSON (an API client that mistyped a path): it gets the
 * JSON 404. Browsers, curl's `*\/*` and clients that send no Accept get the page.
 */
function asksForJsonOnly(request: FastifyRequest): boolean {
  const ranges = (request.headers.accept ?? '')
    .split(',')
    .map((range) => range.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  return (
    ranges.length > 0 &&
    ranges.every((type) => type === 'application/json' || type.endsWith('+json'))
  );
}

/**
 * The files of the web build by the path they are served at ("assets/app-1a2b.js"), as
 * @fastify/static listed them for its routes: no dot files or folders, links followed.
 */
function builtFiles(root: string, folder = '', files = new Set<string>()): Set<string> {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    const isFolder = entry.isSymbolicLink()
      ? statSync(path.join(root, file)).isDirectory()
      : entry.isDirectory();
    if (isFolder) builtFiles(root, file, files);
    else files.add(file);
  }
  return files;
}

/**
 * The built file a URL names, decoded as the router decodes a path (so "%2F" stays no slash);
 * undefined for a malformed one.
 */
function builtFileAt(url: string): string | undefined {
  try {
    return decodeURI(url.split(/[?#]/)[0]!.slice(1));
  } catch {
    return undefined;
  }
}

/** JSON inside a script element: no "</script>" (or "<!--") can end it early. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/** index.html with the public site settings injected, escaped for a script element. */
function renderIndexHtml(template: string, config: Config): string {
  const json = scriptJson(JSON.stringify(config.publicSite));
  // A replacer function, so "$'" or "$&" in a setting stays literal text.
  return template.replace(
    PUBLIC_CONFIG_MARKER,
    () => `${HEAD_MARKER}<script id="public-config" type="application/json">${json}</script>`,
  );
}

/** Where a page's own head tags go, and the template's title and description they replace. */
const HEAD_MARKER = '<!--page-head-->';
const TEMPLATE_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const TEMPLATE_DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * The template as two versions: with its own title and description, and without them. `extra`
 * is what the app's first paint needs beside them (the banners); `preloads`, the page's chunks.
 */
function pageTemplates(indexHtml: string) {
  const generic = indexHtml;
  const bare = indexHtml.replace(TEMPLATE_TITLE, '').replace(TEMPLATE_DESCRIPTION, '');
  return (page: PageDescription | undefined, extra: string, preloads: string) =>
    // A replacer function: the tags are page data, and "$&" in them must stay literal.
    (page?.ownTitle ? bare : generic)
      .replace(HEAD_MARKER, () => `${page ? `${page.tags}\n    ` : ''}${extra}`)
      // After the entry's own script and stylesheet, which come first.
      .replace('</head>', () => (preloads ? `  ${preloads}\n  </head>` : '</head>'));
}

/**
 * The banners as GET /banners answers them, for the page to show in its first paint rather than
 * push the page down when they arrive. From the read cache; nothing (the app fetches them then)
 * if it fails.
 */
async function initialBannersTag(
  request: FastifyRequest,
  services: ServiceContext,
): Promise<string> {
  try {
    const banners = JSON.stringify(await listActiveBanners(services));
    return `<script id="${INITIAL_BANNERS_ID}" type="application/json">${scriptJson(banners)}</script>\n    `;
  } catch (error) {
    request.log.warn({ err: error }, 'banners for the page failed');
    return '';
  }
}

/**
 * Serves the built web app: hashed assets with long caching, index.html for client routes
 * (the SPA fallback), and a JSON 404 for everything else.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { config: Config; services: ServiceContext },
) {
  const { config, services } = options;
  // The pages' share images and oEmbed answers, with or without a built web app.
  await app.register(publicPageRoutes, { config });
  const distDir = config.WEB_DIST_DIR;
  const indexFile = distDir ? path.join(distDir, 'index.html') : '';
  const indexHtml =
    indexFile && existsSync(indexFile)
      ? renderIndexHtml(readFileSync(indexFile, 'utf8'), config)
      : undefined;

  if (indexHtml) {
    // Only for `reply.sendFile`: one route below serves the whole build, rather than the
    // plugin's route per file (a thousand with .br, .gz and .map, most of a second to register).
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        // The site's pictures appear in emails, opened from any origin.
        if (/\.(svg|png|jpe?g|webp|gif)$/i.test(filePath)) {
          response.header('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
    const files = builtFiles(distDir);
    app.route({
      method: ['HEAD', 'GET'],
      url: '/*',
      // As the plugin's own routes: a download the client abandoned is no error to answer.
      errorHandler: (error, request, reply) => {
        if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
          request.raw.destroy();
          return;
        }
        return app.errorHandler(error, request, reply);
      },
      handler: (request, reply) => {
        const file = builtFileAt(request.url);
        return file !== undefined && files.has(file)
          ? reply.sendFile(`/${file}`)
          : reply.callNotFound();
      },
    });
  } else if (distDir) {
    app.log.warn({ distDir }, 'web app not built: serving the API only (run npm run build)');
  }

  const renderPage = indexHtml ? pageTemplates(indexHtml) : undefined;
  const preloadsFor = indexHtml ? routePreloads(distDir) : () => '';
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    let page: PageDescription | undefined;
    const pathname = pathOf(request.url);
    const banners = initialBannersTag(request, services);
    try {
      // The head is the same whoever asks: no session is looked up for it.
      page = await describePage(services, pathname);
    } catch (error) {
      // The app loads without a preview rather than not at all.
      request.log.error({ err: error }, 'page preview failed');
    }
    // A visitor with a session cookie asks GetMe as before: the page stays the same for everyone
    // signed in, and a stale or revoked session is the server's to judge.
    const signedOut = !request.cookies[config.sessionCookieName];
    const extra = (await banners) + (signedOut ? NO_SESSION_TAG : '');
    if (!page || !page.indexable) reply.header('x-robots-tag', 'noindex');
    return (
      reply
        .status(page?.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // The page says whether the visitor had a session cookie: no cache may give one visitor's
        // copy to another.
        .header('vary', 'cookie')
        .send(renderPage!(page, extra, preloadsFor(pathname)))
    );
  };

  // The spec's route table: the home page is the shop.
  app.get('/', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? '/shop' : `/shop${request.url.slice(query)}`, 302);
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !asksForJsonOnly(request) &&
      !isApiPath(request.url) &&
      !looksLikeFile(request.url);
    if (indexHtml && isPageRequest) return sendApp(request, reply);
    return sendError(
      reply,
      404,
      'NOT_FOUND',
      `There is nothing at ${request.method} ${pathOf(request.url)}.`,
    );
  });
}
