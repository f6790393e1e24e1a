import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import { lazyPackage } from '../../platform/lazy-package';
import { PHOTO_BOX, PHOTO_PANEL_SIZE, shareCardSvg, type ShareCard } from './share-card';
import { isArtPath, isUploadPath } from './urls';

/** Loaded on first use: start-up does not pay for the image library. */
const loadSharp = lazyPackage<typeof Sharp>('sharp');

/** Reads a stored upload's bytes (`/uploads/<name>`), or null when there is none. */
export type UploadReader = (uploadPath: string) => Promise<Buffer | null>;

export interface PhotoSources {
  readUpload: UploadReader;
  /** The built web app, whose `art/` holds the site's own pictures. */
  webDistDir: string;
}

/** The card's photo, from our uploads or our own art only: never a fetch to another host. */
async function photoBytes(imagePath: string | null, sources: PhotoSources): Promise<Buffer | null> {
  if (!imagePath) return null;
  if (isUploadPath(imagePath)) return sources.readUpload(imagePath);
  // The pattern allows no dots or slashes beyond its own, so the path stays inside art/.
  if (isArtPath(imagePath) && sources.webDistDir) {
    return readFile(path.join(sources.webDistDir, imagePath)).catch(() => null);
  }
  return null;
}

/**
 * The photo on the card's left panel, with its position: a tall one (a bottle) fits inside its
 * box; a wide one (a landscape) fills the panel, cropped, as it would look lost at that width.
 */
async function placedPhoto(bytes: Buffer | null) {
  if (!bytes) return null;
  try {
    const source = loadSharp()(bytes, { limitInputPixels: 40_000_000, density: 144 });
    const { width = 1, height = 1 } = await source.metadata();
    const wide = width > height;
    const input = await source
      .resize(
        wide ? PHOTO_PANEL_SIZE.width : PHOTO_BOX.width,
        wide ? PHOTO_PANEL_SIZE.height : PHOTO_BOX.height,
        { fit: wide ? 'cover' : 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } },
      )
      .png()
      .toBuffer();
    return wide ? { input, left: 0, top: 0 } : { input, left: PHOTO_BOX.left, top: PHOTO_BOX.top };
  } catch {
    return null;
  }
}

/** The 1200×630 PNG of a card. */
export async function renderShareImage(card: ShareCard, sources: PhotoSources): Promise<Buffer> {
  const photo = await placedPhoto(await photoBytes(card.imagePath, sources));
  const image = loadSharp()(Buffer.from(shareCardSvg(card, photo !== null)));
  if (photo) image.composite([photo]);
  return image.png({ compressionLevel: 8 }).toBuffer();
}

/** A few recently drawn images, by version: a shared link is fetched by many crawlers at once. */
export class RecentImages {
  private readonly images = new Map<string, Buffer>();
  constructor(private readonly capacity = 64) {}

  get(key: string): Buffer | undefined {
    const image = this.images.get(key);
    if (image) {
      this.images.delete(key);
      this.images.set(key, image);
    }
    return image;
  }

  set(key: string, image: Buffer): void {
    this.images.delete(key);
    this.images.set(key, image);
    if (this.images.size > this.capacity) {
      this.images.delete(this.images.keys().next().value!);
    }
  }
}
