import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { lazyPackage } from '../../platform/lazy-package';

/** Loaded on first use: start-up does not pay for the image library. */
const loadSharp = lazyPackage<typeof Sharp>('sharp');

/** Uploaded images (banners, bottles): the limits and the formats we keep. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Larger images are refused from their header, before any pixel is decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Stored images are scaled down to fit this box. */
const IMAGE_MAX_EDGE = 2400;

const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;
type AcceptedFormat = keyof typeof FORMATS;

export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.values(FORMATS).map(({ extension, contentType }) => [extension, contentType]),
);

export type ProcessedImage =
  | { ok: true; bytes: Buffer; extension: string; contentType: string }
  | { ok: false; problem: 'unsupported-type' | 'too-many-pixels'; width?: number; height?: number };

const isAccepted = (format: string | undefined): format is AcceptedFormat =>
  format !== undefined && format in FORMATS;

/**
 * Decides the format from the bytes (never the name or header), refuses decompression bombs from
 * the declared size, and re-encodes the image: auto-rotated, scaled to fit, metadata (EXIF, GPS)
 * dropped, in the format it came in.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so sharp's own pixel limit is not needed here.
    metadata = await loadSharp()(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'unsupported-type' };
  }
  if (!isAccepted(metadata.format)) return { ok: false, problem: 'unsupported-type' };
  const { width = 0, height = 0 } = metadata;
  const frames = metadata.pages ?? 1;
  if (width * height * frames > IMAGE_MAX_PIXELS) {
    return { ok: false, problem: 'too-many-pixels', width, height };
  }
  try {
    const animated = metadata.format === 'gif' || metadata.format === 'webp';
    const image = loadSharp()(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated })
      .rotate()
      .resize({
        width: IMAGE_MAX_EDGE,
        height: IMAGE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const encoded =
      metadata.format === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : metadata.format === 'png'
          ? image.png({ compressionLevel: 9 })
          : metadata.format === 'gif'
            ? image.gif()
            : image.webp({ quality: 85 });
    const format = FORMATS[metadata.format];
    return { ok: true, bytes: await encoded.toBuffer(), ...format };
  } catch {
    // A header that parses but pixels that do not: not an image we can use.
    return { ok: false, problem: 'unsupported-type' };
  }
}
