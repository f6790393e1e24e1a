// `node scripts/bench-shop-js.mjs`: the JavaScript a browser loads for /shop, from Vite's build
// manifest: the entry, the shop page's chunk and everything they import statically (issue 20,
// item 6: at most 150 KB gzipped). WEB_DIST_DIR measures another build than apps/web/dist (it is
// built if it has no manifest); with BENCH_RESULT_FILE set, the figure is written there as JSON.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWebIfMissing, webDist, writeBenchResult } from './bench-web-server.mjs';

/** Issue 20, item 6, in KB (1,000 bytes). */
const BUDGET_KB = 150;

/** Files a route loads: the entry, the route's lazy chunk, and everything they import statically. */
export function shopJavaScript(dist = webDist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/shop/shop-page.tsx');
  let raw = 0;
  let gzipped = 0;
  let brotli = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(dist, file);
    const bytes = readFileSync(full);
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
    // What the server actually sends to a browser that accepts brotli (precompressed at build).
    brotli += existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : bytes.length;
  }
  return { files: [...files].filter((f) => f.endsWith('.js')).length, raw, gzipped, brotli };
}

/** The figure for `npm run bench`'s table. */
export function shopJavaScriptFigure(js = shopJavaScript()) {
  const kb = js.gzipped / 1000;
  return {
    item: '6',
    name: '/shop JavaScript, gzipped',
    value: Number(kb.toFixed(1)),
    unit: 'KB',
    target: `<= ${BUDGET_KB} KB`,
    met: kb <= BUDGET_KB,
    detail: `${js.files} files, ${(js.raw / 1000).toFixed(1)} KB raw, ${(js.brotli / 1000).toFixed(1)} KB as sent (brotli)`,
  };
}

export function describeShopJavaScript(js) {
  return (
    `/shop JavaScript: ${js.files} files, ${(js.raw / 1000).toFixed(1)} KB raw, ` +
    `${(js.gzipped / 1000).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB, issue 20), ` +
    `${(js.brotli / 1000).toFixed(1)} KB as sent (brotli)`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfMissing();
  const js = shopJavaScript();
  console.log(describeShopJavaScript(js));
  writeBenchResult([shopJavaScriptFigure(js)]);
}
