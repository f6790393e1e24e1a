import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** How often, and after how long without progress, a wait for the next part is checked. */
const CHECK_EVERY_MS = 100;
const STALLED_AFTER_MS = 1000;

/** What a stalled parser is rejected with; the routes answer it as an unreadable body (400). */
export class MultipartStalled extends Error {
  constructor() {
    super('the form data could not be parsed to its end');
    this.name = 'MultipartStalled';
  }
}

/**
 * The parts of a multipart body, like `request.parts()`, except that a parser that stops taking
 * the body is an error rather than a request left open for ever. The parser (@fastify/busboy
 * 3.2.6) stalls on a part it skips, such as one without Content-Disposition, once that part holds
 * more than about 64 KB. A wait for the next part is stalled when, for a second, the whole body
 * has arrived, or the parser keeps it paused, or data waits unread, and no part or end comes; a
 * slow client's body keeps flowing while its next bytes travel, and is never taken for stalled.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await unlessStalled(request, parts.next());
    if (next.done) return;
    yield next.value;
  }
}

function unlessStalled<T>(request: FastifyRequest, waiting: Promise<T>): Promise<T> {
  const body = request.raw;
  return new Promise<T>((resolve, reject) => {
    let unread = body.readableLength;
    let since = Date.now();
    const check = setInterval(() => {
      // Unread data that changes is progress; an empty, flowing body waits for a slow client's
      // next bytes. Otherwise (the whole body arrived or taken, or paused by the parser, or data
      // waiting unread) there is nothing the parser waits for.
      const progressed = body.readableLength !== unread;
      unread = body.readableLength;
      const awaitingClient =
        !body.complete &&
        !body.readableEnded &&
        body.readableFlowing !== false &&
        body.readableLength === 0;
      if (progressed || awaitingClient) {
        since = Date.now();
        return;
      }
      if (Date.now() - since >= STALLED_AFTER_MS) {
        clearInterval(check);
        reject(new MultipartStalled());
      }
    }, CHECK_EVERY_MS);
    check.unref();
    waiting.then(
      (value) => {
        clearInterval(check);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(check);
        reject(error);
      },
    );
  });
}
