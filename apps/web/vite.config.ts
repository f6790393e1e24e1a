import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const apiPaths = [
  '/graphql',
  '/search',
  '/banners',
  '/get-search-token',
  '/geo',
  '/1/',
  '/uploads',
  '/business/orders.csv',
];

const ROUTING_DISABLED = fileURLToPath(
  new URL('./src/lib/instantsearch-routing-disabled.ts', import.meta.url),
);

/**
 * InstantSearch imports its URL router (and the qs package) whether or not `routing` is on; we
 * never turn it on, so the build swaps the router for a stub, about 14 KB gzipped less on /shop.
 */
function instantSearchWithoutRouting(): Plugin {
  return {
    name: 'bevy:instantsearch-without-routing',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromInstantSearch =
        importer !== undefined && /[\\/]instantsearch\.js[\\/]/.test(importer);
      return fromInstantSearch && /[\\/]createRouterMiddleware\.js$/.test(source)
        ? ROUTING_DISABLED
        : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), instantSearchWithoutRouting()],
  server: {
    proxy: Object.fromEntries(apiPaths.map((path) => [path, apiTarget])),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets `npm run bench` add up exactly what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs in one file: split, it compresses worse (each chunk is
          // gzipped on its own) and costs the first load of every page a few KB.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
