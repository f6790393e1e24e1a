import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads';

/** A build whose manifest has the entry, the business page and the layout it sits in. */
function buildWithManifest(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bevy-dist-'));
  mkdirSync(path.join(dist, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/web-1.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    'src/features/business/business-page.tsx': {
      file: 'assets/business-page-1.js',
      imports: ['_react.js', '_tile.js'],
      css: ['assets/business-page-1.css'],
    },
    '_tile.js': { file: 'assets/tile-1.js' },
    'src/features/seller/seller-layout.tsx': { file: 'assets/seller-layout-1.js' },
    'src/app/graphql-provider.tsx': { file: 'assets/graphql-provider-1.js' },
    'src/features/shop/shop-page.tsx': { file: 'assets/shop-page-1.js' },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('the chunks a landing page asks for with its HTML', () => {
  const preloads = routePreloads(buildWithManifest());

  it('fetches a business page, the layout it sits in and its styles with the entry', () => {
    const tags = preloads('/business/chalk-knoll-cellars');
    for (const file of [
      'business-page-1.js',
      'tile-1.js',
      'seller-layout-1.js',
      'graphql-provider-1.js',
    ]) {
      expect(tags).toContain(
        `<link rel="modulepreload" crossorigin href="/assets/${file}" data-page>`,
      );
    }
    expect(tags).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/business-page-1.css">',
    );
    // The entry loads these itself.
    expect(tags).not.toContain('react-1.js');
  });

  it('asks for nothing extra on the seller’s own pages or pages it does not know', () => {
    expect(preloads('/business/orders')).toBe('');
    expect(preloads('/business/new')).toBe('');
    expect(preloads('/account')).toBe('');
    expect(preloads('/shop')).toContain('shop-page-1.js');
  });

  it('asks for nothing when the build has no manifest', () => {
    expect(routePreloads(mkdtempSync(path.join(tmpdir(), 'bevy-dist-')))('/shop')).toBe('');
  });
});
