import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LicenseDocumentType } from '@bevy/core';

/** The folder under uploads; stored document paths begin with it, so its British name stays. */
const LICENSES_FOLDER = 'licences';
/** Enough leading bytes to recognize every accepted format (PNG's signature is the longest). */
const SNIFF_BYTES = 8;

const SIGNATURES: { type: LicenseDocumentType; extension: string; bytes: number[] }[] = [
  { type: 'application/pdf', extension: 'pdf', bytes: [...Buffer.from('%PDF-')] },
  { type: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The accepted type a file's first bytes announce; the client's mimetype and name are ignored. */
export function detectLicenseDocumentType(
  head: Uint8Array,
): { type: LicenseDocumentType; extension: string } | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
}

export type StoreResult =
  | { ok: true; relativePath: string; type: LicenseDocumentType; extension: string }
  | { ok: false; problem: 'too-large' | 'unsupported-type' | 'unreadable' };

/**
 * Streams an uploaded license into `<uploadsDir>/licences/<random>.<ext>`, recognizing its type on
 * the way. Nothing is kept when the file is too large (the stream was truncated) or of another type.
 */
export async function storeLicenseDocument(
  uploadsDir: string,
  file: Readable & { truncated?: boolean },
): Promise<StoreResult> {
  const folder = path.resolve(uploadsDir, LICENSES_FOLDER);
  await mkdir(folder, { recursive: true });
  const name = randomBytes(16).toString('hex');
  const partial = path.join(folder, `${name}.part`);
  let head = Buffer.alloc(0);
  const sniffer = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file, sniffer, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    const detected = detectLicenseDocumentType(head);
    if (file.truncated || !detected) {
      await rm(partial, { force: true });
      return { ok: false, problem: file.truncated ? 'too-large' : 'unsupported-type' };
    }
    const relativePath = `${LICENSES_FOLDER}/${name}.${detected.extension}`;
    await rename(partial, path.join(folder, `${name}.${detected.extension}`));
    return { ok: true, relativePath, type: detected.type, extension: detected.extension };
  } catch (error) {
    await rm(partial, { force: true });
    // The upload itself broke off or was malformed: the client's problem, not the disk's.
    if (file.errored) return { ok: false, problem: 'unreadable' };
    throw error;
  }
}

/** The absolute path of a stored document, or undefined if the stored path would leave the folder. */
export function storedDocumentPath(uploadsDir: string, relativePath: string): string | undefined {
  const folder = path.resolve(uploadsDir, LICENSES_FOLDER);
  const absolute = path.resolve(uploadsDir, relativePath);
  return absolute.startsWith(`${folder}${path.sep}`) ? absolute : undefined;
}

/** The size of a stored document, or undefined when the file is gone. */
export async function storedDocumentSize(absolutePath: string): Promise<number | undefined> {
  try {
    const info = await stat(absolutePath);
    return info.isFile() ? info.size : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes a stored document whose application was not saved; a missing file is fine. */
export async function removeStoredDocument(uploadsDir: string, relativePath: string) {
  const absolute = storedDocumentPath(uploadsDir, relativePath);
  if (absolute) await rm(absolute, { force: true });
}

/** A file name safe to store and to put in a header: no folders, no control characters. */
export function cleanDocumentName(filename: string | undefined, extension: string): string {
  const base = path.basename((filename ?? '').replace(/\\/g, '/'));
  const printable = [...base].filter((c) => c >= ' ' && c !== '\u007f' && c !== '"').join('');
  const cleaned = printable.trim().slice(-150);
  return cleaned || `license.${extension}`;
}
