import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { businessMembers } from '../../db/tables';
import { managesBusiness } from '../../platform/access';
import { HttpError, sendError } from '../../http/errors';
import { multipartParts, MultipartStalled } from '../../http/multipart-parts';
import { findBusinessBySlug } from '../businesses/index';
import { localFileStore, s3FileStore, type FileStore } from './file-store';
import {
  CONTENT_TYPE_BY_EXTENSION,
  IMAGE_MAX_PIXELS,
  IMAGE_UPLOAD_MAX_BYTES,
  processImage,
} from './images';

const PUBLIC_FOLDER = 'public';
const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

const MAX_MB = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024;

const fileTooLarge = () =>
  new HttpError(
    413,
    'FILE_TOO_LARGE',
    `File is too big (over ${MAX_MB}MiB). Max filesize: ${MAX_MB}MiB.`,
  );

/**
 * Refuses an anonymous upload before its body is read: the 401 goes out at once and the
 * connection is closed, so the server does not take in megabytes it would throw away.
 */
async function refuseAnonymous(request: FastifyRequest, reply: FastifyReply) {
  if (await request.viewer()) return;
  reply.header('connection', 'close');
  return sendError(reply, 401, 'UNAUTHENTICATED', 'Log in to upload files.');
}

/** Why a multipart body could not be read, in words, from what the parser threw. */
function unreadableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (/boundary/i.test(message)) return 'its content type names no multipart boundary.';
  if (/unexpected end|terminated early/i.test(message)) {
    return 'it ended before its closing boundary (was it cut short?).';
  }
  if (code === 'FST_MP_PREMATURE_CLOSE') return 'the connection closed before it was complete.';
  if (code === 'FST_PROTO_VIOLATION') return 'a field has a name that is not allowed.';
  if (error instanceof MultipartStalled) return 'a part has no usable Content-Disposition header.';
  return 'it is not well-formed multipart/form-data.';
}

/**
 * The multipart parser's errors as HTTP errors: its size limits are a 413, anything else means
 * the body is not well-formed multipart (no boundary, cut short, a broken part header): a 400.
 */
function asUploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'TOO_MANY_FILES', 'Upload one file at a time.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'TOO_MANY_FIELDS', 'The upload has too many form fields.');
    default:
      return new HttpError(
        400,
        'UNREADABLE_UPLOAD',
        `The upload could not be read: ${unreadableReason(error)}`,
      );
  }
}

/** A seller may upload: someone who works at the named business, or at any business. */
async function assertMayUpload(db: Db, request: FastifyRequest, slug: string | undefined) {
  const viewer = await request.viewer();
  if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to upload files.');
  if (viewer.isAdmin) return;
  if (slug) {
    const business = await findBusinessBySlug({ db }, slug);
    if (!business || !(await managesBusiness({ db, viewer }, business.id))) {
      throw new HttpError(
        403,
        'FORBIDDEN',
        'Only people who work at this business can upload for it.',
      );
    }
    return;
  }
  const [membership] = await db
    .select({ business_id: businessMembers.business_id })
    .from(businessMembers)
    .where(eq(businessMembers.user_id, viewer.id))
    .limit(1);
  if (!membership) throw new HttpError(403, 'FORBIDDEN', 'Only sellers can upload files.');
}

/** The configured store: an S3-compatible bucket when S3_BUCKET is set, else `UPLOADS_DIR/public`. */
export function configuredFileStore(config: Config): FileStore {
  if (config.S3_BUCKET) {
    return s3FileStore({
      bucket: config.S3_BUCKET,
      prefix: config.S3_PREFIX,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return localFileStore(path.resolve(config.UPLOADS_DIR, PUBLIC_FOLDER));
}

/** `POST /upload` (contract/http.md) and the files it stores, served from `/uploads/`. */
export async function uploadRoutes(
  app: FastifyInstance,
  options: { config: Config; db: Db; fileStore?: FileStore },
) {
  const store = options.fileStore ?? configuredFileStore(options.config);
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 200 },
  });

  app.post('/upload', { onRequest: refuseAnonymous }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new HttpError(
        400,
        'BAD_USER_INPUT',
        'Send the file as multipart/form-data, field "file".',
      );
    }
    let file: Buffer | undefined;
    let slug: string | undefined;
    try {
      for await (const part of multipartParts(request)) {
        if (part.type === 'field') {
          if (part.fieldname === 'slug' && typeof part.value === 'string') slug = part.value;
          continue;
        }
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        file = await part.toBuffer();
      }
    } catch (error) {
      throw asUploadError(error);
    }
    // Anonymous uploads were refused before the body was read; whether this signed-in person may
    // upload for the business named in the form is checked now, before the file is looked at.
    await assertMayUpload(options.db, request, slug);
    if (!file || file.length === 0) {
      throw new HttpError(400, 'BAD_USER_INPUT', 'Choose a file to upload.');
    }
    const image = await processImage(file);
    if (!image.ok) {
      if (image.problem === 'too-many-pixels') {
        throw new HttpError(
          413,
          'IMAGE_TOO_LARGE',
          `This image is ${image.width} × ${image.height} pixels; use one of at most ` +
            `${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
        );
      }
      throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', "You can't upload files of this type.");
    }
    const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
    await store.put(name, image.bytes, image.contentType);
    return reply.status(200).send({ status: 'success', fileUrl: `/uploads/${name}` });
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME.test(name)) throw new HttpError(404, 'NOT_FOUND', 'There is no such file.');
    const found = await store.get(name);
    if (!found) throw new HttpError(404, 'NOT_FOUND', 'There is no such file.');
    const extension = name.slice(name.lastIndexOf('.') + 1);
    if (found.size !== undefined) reply.header('content-length', found.size);
    return (
      reply
        .header('content-type', CONTENT_TYPE_BY_EXTENSION[extension]!)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Emails show these pictures from wherever the reader opens them.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(found.body)
    );
  });
}
