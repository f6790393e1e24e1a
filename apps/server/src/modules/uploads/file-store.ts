import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { lazyPackage } from '../../platform/lazy-package';

const awsS3 = lazyPackage<typeof S3>('@aws-sdk/client-s3');

/** Where public uploads (banners, bottles) are kept: a local folder, or an S3-compatible bucket. */
export interface FileStore {
  /** Stores a new file; `name` is generated and never reused. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<{ body: Readable; size: number | undefined } | null>;
}

/** Files in `folder` on this machine's disk (the default: `UPLOADS_DIR/public`). */
export function localFileStore(folder: string): FileStore {
  return {
    async put(name, bytes) {
      await mkdir(folder, { recursive: true });
      // 'wx': never overwrite, even if a generated name were ever to repeat.
      await writeFile(path.join(folder, name), bytes, { flag: 'wx' });
    },
    async get(name) {
      const file = path.join(folder, name);
      const found = await stat(file).catch(() => undefined);
      return found ? { body: createReadStream(file), size: found.size } : null;
    },
  };
}

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. "uploads/". */
  prefix: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces...); unset means AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Files in an S3-compatible bucket. They are still served from this site's `/uploads/`, so the
 * bucket can stay private and the content type and `nosniff` are ours to set.
 */
export function s3FileStore(options: S3StoreOptions): FileStore {
  const { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } = awsS3();
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const key = (name: string) => `${options.prefix}${name}`;
  return {
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
          // Names are never reused, so a cache may keep a file for good.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: key(name) }),
        );
        return { body: object.Body as Readable, size: object.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        ) {
          return null;
        }
        throw error;
      }
    },
  };
}
