import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), as far as we read it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The public pages a visitor lands on, and the source modules of their lazy chunks. Their
 * chunks load after the entry has run otherwise: one round trip more before the page shows.
 */
const LANDING_PAGES: { path: RegExp; modules: string[] }[] = [
  {
    path: /^\/(shop|business\/research-and-shop)\/?$/,
    modules: ['src/features/shop/shop-page.tsx'],
  },
  {
    path: /^\/business\/[^/]+\/item\/[^/]+\/?$/,
    modules: ['src/features/product/product-page.tsx'],
  },
  {
    // /business/orders and /business/new are the seller's pages, not a business.
    path: /^\/business\/(?!orders\/?$|new\/?$)[^/]+\/?$/,
    // The page sits in the seller layout, which adds the sidebar for those who work there.
    modules: [
      'src/features/business/business-page.tsx',
      'src/features/seller/seller-layout.tsx',
      'src/app/graphql-provider.tsx',
    ],
  },
];

function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** A chunk and everything it imports statically, by manifest key. */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/**
 * For a page's path, the head tags that fetch its chunks alongside the entry: modulepreload for
 * its scripts and the stylesheets they bring (so nothing restyles when they arrive). Empty for
 * other paths, and when the build has no manifest. `data-page` tells the app (main.tsx) that its
 * page's code is coming: it waits for it before the first render.
 */
export function routePreloads(distDir: string): (pathname: string) => string {
  const manifest = readManifest(distDir);
  if (!manifest) return () => '';
  const loadedByEntry = closure(manifest, ['index.html']);
  const tagsByPage = LANDING_PAGES.map(({ path: pattern, modules }) => {
    const chunks = [...closure(manifest, modules)].filter((key) => !loadedByEntry.has(key));
    const scripts = chunks.map(
      (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" data-page>`,
    );
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
    );
    return { pattern, tags: [...styles, ...scripts].join('\n    ') };
  });
  return (pathname) => tagsByPage.find(({ pattern }) => pattern.test(pathname))?.tags ?? '';
}
