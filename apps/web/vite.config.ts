import react from '@vitejs/plugin-react';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { embedBundle } from './vite.embed.config';

const apiTarget = new URL(process.env.API_URL ?? 'http://127.0.0.1:3000');

/**
 * React Router's package exports only its development build (warnings and checks included) to
 * bundlers; the production build beside it is the same router without them, a few KB less in
 * every page's first download.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL(import.meta.resolve('react-router').replace('/development/', '/production/')),
);

const INSTANTSEARCH_UNUSED = fileURLToPath(
  new URL('./src/lib/instantsearch-unused.ts', import.meta.url),
);

/** The instantsearch.js modules that `instantsearch-unused.ts` stands in for. */
const UNUSED_INSTANTSEARCH_MODULE =
  /[\\/](createRouterMiddleware|createInsightsMiddleware|createMetadataMiddleware|hydrateSearchClient|hydrateRecommendCache|createHelpers)\.js$/;

/**
 * InstantSearch imports its URL router (and the qs package), its Insights and crawler
 * middlewares, server-side hydration and its DOM widgets' template helpers whether or not they
 * are used; we use none of them, so the build swaps them for stubs that say so if ever called.
 */
function instantSearchWithoutUnusedParts(): Plugin {
  return {
    name: 'bevy:instantsearch-without-unused-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromInstantSearch =
        importer !== undefined && /[\\/]instantsearch\.js[\\/]/.test(importer);
      return fromInstantSearch && UNUSED_INSTANTSEARCH_MODULE.test(source)
        ? INSTANTSEARCH_UNUSED
        : null;
    },
  };
}

/** A page load by the browser (typed address, link, reload), as opposed to a fetch or an image. */
function isNavigation(request: IncomingMessage): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers['sec-fetch-mode'] === 'navigate' ||
      (request.headers.accept ?? '').includes('text/html'))
  );
}

/**
 * Sends the request to the API server as it came (Host included, so the server's same-origin
 * checks see the page's origin). With `orNext`, a 404 is not passed on but handed back to Vite.
 */
function forwardToApi(
  request: Connect.IncomingMessage,
  response: ServerResponse,
  next: Connect.NextFunction,
  orNext: boolean,
) {
  const upstream = http.request(
    {
      host: apiTarget.hostname,
      port: apiTarget.port,
      method: request.method,
      // Vite's page fallback may have rewritten url to /index.html; originalUrl is as sent.
      path: request.originalUrl ?? request.url,
      headers: request.headers,
    },
    (answer) => {
      if (orNext && answer.statusCode === 404) {
        answer.resume();
        return next();
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    if (response.headersSent) return response.destroy(error);
    response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`The API server at ${apiTarget.origin} did not answer (${error.message}).`);
  });
  request.pipe(upstream);
}

/**
 * One rule for the API under `npm run dev`: whatever Vite does not serve itself (modules, public
 * files, its own endpoints) goes to the API server. A page load goes there too, because the
 * server answers some (/logout, /business/orders.csv, /uploads/...); what the server has no
 * route for (404; `npm run dev` runs it with WEB_DIST_DIR empty, so it serves no app pages) is a
 * page of the app, which Vite serves. New server routes need no change here.
 */
function apiForEverythingElse(): Plugin {
  return {
    name: 'bevy:api-for-everything-else',
    apply: 'serve',
    configureServer(server) {
      // Returned, so it runs after Vite's own middlewares and before its index.html.
      return () => {
        server.middlewares.use((request, response, next) =>
          forwardToApi(request, response, next, isNavigation(request)),
        );
      };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), instantSearchWithoutUnusedParts(), apiForEverythingElse(), embedBundle()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets `npm run bench` add up exactly what each route loads.
    manifest: true,
    rolldownOptions: {
      // Needed to inline common chunks (below); the entry exports nothing anyway.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Small shared pieces (a Mantine input, an icon, a helper) go into the chunks that use
          // them instead of a file each: /shop loaded 48 files, each a request of its own over
          // HTTP/1.1's six connections, and each compressed apart (issue 20).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          // Everything the entry needs in one file: split, it compresses worse (each chunk is
          // gzipped on its own) and costs the first load of every page a few KB.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
}));
