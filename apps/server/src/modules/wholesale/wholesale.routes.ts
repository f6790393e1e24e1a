import { createReadStream } from 'node:fs';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { LICENSE_DOCUMENT_MAX_BYTES } from '@bevy/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { multipartParts } from '../../http/multipart-parts';
import { DomainError } from '../../platform/domain-error';
import {
  cleanDocumentName,
  removeStoredDocument,
  storedDocumentPath,
  storedDocumentSize,
  storeLicenseDocument,
} from './license-documents';
import {
  assertNoPendingApplication,
  findApplicationDocument,
  parseApplicationFields,
  submitApplication,
  type StoredLicenseDocument,
} from './wholesale.service';

const MAX_MB = LICENSE_DOCUMENT_MAX_BYTES / (1024 * 1024);
const MAX_FIELD_BYTES = 1000;

/** Service refusals as they are; the multipart plugin's limits as the refusals they mean. */
function asRefusal(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new DomainError('BAD_USER_INPUT', 'Attach one license file only.', 'document');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new DomainError('BAD_USER_INPUT', 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return unreadableForm();
    default:
      return undefined;
  }
}

const tooLarge = () =>
  new DomainError('FILE_TOO_LARGE', `The license file can be at most ${MAX_MB} MB.`);

const unreadableForm = () =>
  new DomainError('BAD_USER_INPUT', 'The form could not be read. Try again.', 'document');

/** The next part of the form; a body that is not well-formed multipart is the client's mistake. */
async function nextPart(parts: AsyncIterator<Multipart>): Promise<IteratorResult<Multipart>> {
  try {
    return await parts.next();
  } catch (error) {
    throw asRefusal(error) ?? unreadableForm();
  }
}

/** "attachment" with the original name, ASCII for old clients and UTF-8 for the rest. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Wholesale applications with their license upload, and the private route that serves licenses. */
export async function wholesaleRoutes(app: FastifyInstance, options: { config: Config }) {
  const uploadsDir = options.config.UPLOADS_DIR;

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
    const ctx = await request.serviceContext();
    const { viewer, db } = ctx;
    if (!viewer) {
      throw new DomainError('UNAUTHENTICATED', 'Log in to apply for wholesale access.');
    }
    let stored: StoredLicenseDocument | undefined;
    try {
      if (!request.isMultipart()) {
        throw new DomainError(
          'BAD_USER_INPUT',
          'Send the application as a form with your license attached.',
          'document',
        );
      }
      // Before reading a large file, so a second application is refused at once.
      await assertNoPendingApplication(db, viewer.id);

      const fields: Record<string, string> = {};
      let refusedFile: DomainError | undefined;
      const parts = multipartParts(request);
      for (let next = await nextPart(parts); !next.done; next = await nextPart(parts)) {
        const part = next.value;
        if (part.type === 'field') {
          if (part.valueTruncated) {
            throw new DomainError(
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
        const result = await storeLicenseDocument(uploadsDir, part.file);
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
          refusedFile = new DomainError(
            'UNSUPPORTED_FILE_TYPE',
            'Upload your license as a PDF, JPEG or PNG file.',
            'document',
          );
        }
      }

      const input = parseApplicationFields(fields);
      if (refusedFile) throw refusedFile;
      if (!stored) {
        throw new DomainError(
          'BAD_USER_INPUT',
          'Attach your license as a PDF, JPEG or PNG file.',
          'document',
        );
      }
      const application = await submitApplication(ctx, viewer.id, input, stored);
      stored = undefined;
      return reply.status(201).send({ application });
    } catch (error) {
      if (stored) await removeStoredDocument(uploadsDir, stored.relativePath);
      throw asRefusal(error) ?? error;
    }
  });

  app.get<{ Params: { id: string } }>('/files/licenses/:id', async (request, reply) => {
    const { viewer, db } = await request.serviceContext();
    if (!viewer) {
      throw new DomainError('UNAUTHENTICATED', 'Log in to open this file.');
    }
    const notFound = new DomainError('NOT_FOUND', 'There is no such license document.');
    const id = /^[1-9]\d{0,8}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const document = id === undefined ? null : await findApplicationDocument(db, id);
    if (!document) throw notFound;
    if (!viewer.isAdmin && document.user_id !== viewer.id) {
      throw new DomainError(
        'FORBIDDEN',
        'Only administrators and the applicant can open a license document.',
      );
    }
    const filePath = storedDocumentPath(uploadsDir, document.document_path);
    const size = filePath ? await storedDocumentSize(filePath) : undefined;
    if (!filePath || size === undefined) throw notFound;
    return reply
      .type(document.document_type)
      .header('content-length', size)
      .header('content-disposition', attachmentHeader(document.document_name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(filePath));
  });
}
