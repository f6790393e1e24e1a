import type { BuyerKind } from '@bevy/core';
import { LRUCache } from 'lru-cache';
import type { ContentEncoding } from '../../http/content-encoding';

/** Distinct answers kept: the queries typed lately (a 20-hit page is 20–50 KB). */
const ANSWERS_KEPT = 1_000;
const ANSWER_BYTES_KEPT = 64 * 1024 * 1024;
/** Bodies longer than this are answered but not kept (instantsearch's are well under 2 KB). */
const LONGEST_BODY_KEPT = 16 * 1024;

/** An answer as sent: its bytes, compressed in `encoding` or (null) as they are. */
export interface SentAnswer {
  bytes: Buffer;
  encoding: ContentEncoding | null;
}

/**
 * The answers (response bodies) of recent searches, by index version, kind of buyer, request
 * body and the encoding the client accepts, so an identical search is answered without
 * searching (or compressing) again. Answers of an older index version are dropped as soon as a
 * newer one is asked for: none is served after the write that changed it, and retail and
 * wholesale buyers never share one.
 */
export class SearchAnswers {
  readonly #answers = new LRUCache<string, SentAnswer>({
    max: ANSWERS_KEPT,
    maxSize: ANSWER_BYTES_KEPT,
    sizeCalculation: (answer, key) => key.length + answer.bytes.length,
  });
  #version = -1;

  get size(): number {
    return this.#answers.size;
  }

  get(version: number, asked: AskedAs, body: string | undefined): SentAnswer | undefined {
    if (version !== this.#version) {
      this.#answers.clear();
      this.#version = version;
      return undefined;
    }
    return body === undefined ? undefined : this.#answers.get(keyOf(asked, body));
  }

  set(version: number, asked: AskedAs, body: string | undefined, answer: SentAnswer): void {
    if (version !== this.#version || body === undefined || body.length > LONGEST_BODY_KEPT) return;
    this.#answers.set(keyOf(asked, body), answer);
  }
}

/** Who asked, and which encoding they accept: what an answer depends on beside the body. */
export interface AskedAs {
  buyer: BuyerKind;
  accepts: ContentEncoding | null;
}

const keyOf = ({ buyer, accepts }: AskedAs, body: string) => `${buyer} ${accepts}\n${body}`;
