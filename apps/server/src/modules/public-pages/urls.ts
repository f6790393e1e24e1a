import { businessPath, clubPath, eventPath, productPath } from '@bevy/core';

/** The public pages' absolute addresses, built from the site's origin (config.publicUrl). */

const segment = (value: string | number) => encodeURIComponent(String(value));

export const businessUrl = (origin: string, slug: string) => `${origin}${businessPath(slug)}`;

export const productUrl = (origin: string, slug: string, id: number) =>
  `${origin}${productPath(slug, id)}`;

export const eventUrl = (origin: string, urlKey: string) => `${origin}${eventPath(urlKey)}`;

export const clubUrl = (origin: string, slug: string, club: string) =>
  `${origin}${clubPath(slug, club)}`;

export type ShareKind = 'product' | 'business' | 'event' | 'club';

/** A share image's address; `version` changes with what it shows, so caches never go stale. */
export const shareImageUrl = (origin: string, kind: ShareKind, key: string | number, v: string) =>
  `${origin}/share-images/${kind}/${segment(key)}.png?v=${v}`;

export const oembedUrl = (origin: string, pageUrl: string) =>
  `${origin}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;

/** A site image's absolute address: only our own uploads and art, never another host. */
export function siteImageUrl(origin: string, path: string | null): string | null {
  return path && isSiteImagePath(path) ? `${origin}${path}` : null;
}

const UPLOAD_PATH = /^\/uploads\/[a-f0-9]{32}\.(jpg|png|gif|webp)$/;
const ART_PATH = /^\/art\/[a-z0-9-]+\/[a-z0-9-]+\.(svg|png|jpg)$/;

export function isSiteImagePath(path: string): boolean {
  return UPLOAD_PATH.test(path) || ART_PATH.test(path);
}

export const isUploadPath = (path: string) => UPLOAD_PATH.test(path);
export const isArtPath = (path: string) => ART_PATH.test(path);
