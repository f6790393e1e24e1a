import { createReadStream } from 'node:fs';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { LICENSE_DOCUMENT_MAX_BYTES } from '@bevy/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GraphQLError } from 'graphql';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { multipartParts } from '../../http/multipart-parts';
import type { Mailer } from '../mail/mailer';
import {
  cleanDocumentName,
  removeStoredDocument,
  storedDocumentPath,
  storedDocumentSize,
  storeLicenceDocument,
} from './licence-documents';
import {
  assertNoPendingApplication,
  findApplicationDocument,
  parseApplicationFields,
  submitApplication,
  type StoredLicenceDocument,
} from './wholesale.service';

const MAX_MB = LICENSE_DOCUMENT_MAX_BYTES / (1024 * 1024);
const MAX_FIELD_BYTES = 1000;

/** A refusal the client can act on, in the contract's `{ error: { code, message, field? } }`. */
class UploadError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  APPLICATION_PENDING: 409,
};

function send(reply: FastifyReply, error: UploadError) {
  return reply.status(error.statusCode).send({
    error: {
      code: error.code,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
    },
  });
}

/** Service refusals (GraphQL errors with a code) and the multipart plugin's limits, as REST. */
function asUploadError(error: unknown): UploadError | undefined {
  if (error instanceof UploadError) return error;
  if (error instanceof GraphQLError) {
    const code = String(error.extensions.code ?? '');
    const status = STATUS_OF_CODE[code];
    if (!status) return undefined;
    const field = error.extensions.field;
    return new UploadError(
      status,
      code,
      error.message,
      typeof field === 'string' ? field : undefined,
    );
  }
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new UploadError(400, 'BAD_USER_INPUT', 'Attach one licence file only.', 'document');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new UploadError(400, 'BAD_USER_INPUT', 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return unreadableForm();
    default:
      return undefined;
  }
}

const tooLarge = () =>
  new UploadError(413, 'FILE_TOO_LARGE', `The licence file can be at most ${MAX_MB} MB.`);

const unreadableForm = () =>
  new UploadError(400, 'BAD_USER_INPUT', 'The form could not be read. Try again.', 'document');

/** The next part of the form; a body that is not well-formed multipart is the client's mistake. */
async function nextPart(parts: AsyncIterator<Multipart>): Promise<IteratorResult<Multipart>> {
  try {
    return await parts.next();
  } catch (error) {
    throw asUploadError(error) ?? unreadableForm();
  }
}

/** "attachment" with the original name, ASCII for old clients and UTF-8 for the rest. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Wholesale applications with their licence upload, and the private route that serves licences. */
export async function wholesaleRoutes(
  app: FastifyInstance,
  options: { config: Config; db: Db; mailer: Mailer },
) {
  const { config, db, mailer } = options;
  const uploadsDir = config.UPLOADS_DIR;

  // Registered here, so multipart bodies are accepted by this plugin's routes only.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: LICENSE_DOCUMENT_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: MAX_FIELD_BYTES,
    },
  });

  app.post('/wholesale-applications', async (request, reply) => {
    const viewer = await request.viewer();
    if (!viewer) {
      return send(
        reply,
        new UploadError(401, 'UNAUTHENTICATED', 'Log in to apply for wholesale access.'),
      );
    }
    let stored: StoredLicenceDocument | undefined;
    try {
      if (!request.isMultipart()) {
        throw new UploadError(
          400,
          'BAD_USER_INPUT',
          'Send the application as a form with your licence attached.',
          'document',
        );
      }
      // Before reading a large file, so a second application is refused at once.
      await assertNoPendingApplication(db, viewer.id);

      const fields: Record<string, string> = {};
      let refusedFile: UploadError | undefined;
      const parts = multipartParts(request);
      for (let next = await nextPart(parts); !next.done; next = await nextPart(parts)) {
        const part = next.value;
        if (part.type === 'field') {
          if (part.valueTruncated) {
            throw new UploadError(
              400,
              'BAD_USER_INPUT',
              `Use at most ${MAX_FIELD_BYTES} characters.`,
              part.fieldname,
            );
          }
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'document') {
          // Busboy only moves on to the next part once this one is read.
          part.file.resume();
          continue;
        }
        const result = await storeLicenceDocument(uploadsDir, part.file);
        if (result.ok) {
          stored = {
            relativePath: result.relativePath,
            type: result.type,
            name: cleanDocumentName(part.filename, result.extension),
          };
        } else if (result.problem === 'too-large') {
          throw tooLarge();
        } else if (result.problem === 'unreadable') {
          throw unreadableForm();
        } else {
          refusedFile = new UploadError(
            415,
            'UNSUPPORTED_FILE_TYPE',
            'Upload your licence as a PDF, JPEG or PNG file.',
            'document',
          );
        }
      }

      const input = parseApplicationFields(fields);
      if (refusedFile) throw refusedFile;
      if (!stored) {
        throw new UploadError(
          400,
          'BAD_USER_INPUT',
          'Attach your licence as a PDF, JPEG or PNG file.',
          'document',
        );
      }
      const application = await submitApplication(
        { db, mailer, config, log: request.log },
        viewer.id,
        input,
        stored,
      );
      stored = undefined;
      return reply.status(201).send({ application });
    } catch (error) {
      if (stored) await removeStoredDocument(uploadsDir, stored.relativePath);
      const refusal = asUploadError(error);
      if (refusal) return send(reply, refusal);
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/files/licences/:id', async (request, reply) => {
    const viewer = await request.viewer();
    if (!viewer) {
      return send(reply, new UploadError(401, 'UNAUTHENTICATED', 'Log in to open this file.'));
    }
    const notFound = new UploadError(404, 'NOT_FOUND', 'There is no such licence document.');
    const id = /^[1-9]\d{0,8}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const document = id === undefined ? null : await findApplicationDocument(db, id);
    if (!document) return send(reply, notFound);
    if (!viewer.isAdmin && document.user_id !== viewer.id) {
      return send(
        reply,
        new UploadError(
          403,
          'FORBIDDEN',
          'Only administrators and the applicant can open a licence document.',
        ),
      );
    }
    const filePath = storedDocumentPath(uploadsDir, document.document_path);
    const size = filePath ? await storedDocumentSize(filePath) : undefined;
    if (!filePath || size === undefined) return send(reply, notFound);
    return reply
      .type(document.document_type)
      .header('content-length', size)
      .header('content-disposition', attachmentHeader(document.document_name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(filePath));
  });
}
