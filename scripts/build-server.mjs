// Bundles the server (apps/server/src/main.ts and our TypeScript packages) into
// apps/server/dist/main.js, so `npm start` runs plain JavaScript instead of compiling
// TypeScript with tsx on every start. npm packages stay external: node loads them from
// node_modules as before. `npm start` (scripts/start.mjs) runs this when the bundle is missing
// or older than its sources (listed there).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/src/main.ts');
const outdir = path.join(root, 'apps/server/dist');
const serverBundle = path.join(outdir, 'main.js');

/**
 * What goes into the bundle rather than being loaded from node_modules: our workspace packages,
 * TypeScript source that node cannot load, and packages of many small modules of which we use a
 * few (date-fns alone is some 250 files to resolve and load at every start).
 */
const BUNDLED_PACKAGES = /^(@bevy\/|date-fns(\/|$)|libphonenumber-js(\/|$))/;

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Source files find files beside them (migrations, the repository root) through import.meta.url.
 * In the bundle that would be dist/main.js's address, so each file gets its own original address
 * instead, relative to the bundle: the build still works after the repository moves.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      // Chunks sit beside main.js, so one relative address serves whichever chunk holds the file.
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const ownUrl = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
    });
  },
};

export async function buildServer() {
  // Chunks are named by their content: a new build leaves no stale ones beside the new.
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { main: serverEntry },
    outdir,
    // main.ts imports the rest of the server dynamically, to load it while the database opens:
    // split, that import loads its own file (and the packages it needs) when main.ts asks for it.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundling renames clashing top-level names; errors and GraphQL types keep their own.
    keepNames: true,
    sourcemap: 'linked',
    plugins: [externalPackages, ownImportMetaUrl],
    logLevel: 'warning',
    metafile: true,
  });
  // Read by nobody at run time: a record of what went in, for `esbuild --analyze`-style checks.
  writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildServer();
  process.stdout.write(
    `Built ${path.relative(root, serverBundle)} in ${Math.round(performance.now() - started)} ms\n`,
  );
}
