import type { BuyerKind } from '@bevy/core';
import { LRUCache } from 'lru-cache';

/** Distinct answers kept: the queries typed lately (a 20-hit page is 20–50 KB). */
const ANSWERS_KEPT = 1_000;
const ANSWER_BYTES_KEPT = 64 * 1024 * 1024;
/** Bodies longer than this are answered but not kept (instantsearch's are well under 2 KB). */
const LONGEST_BODY_KEPT = 16 * 1024;

/**
 * The answers (response bodies) of recent searches, by index version, kind of buyer and request
 * body, so an identical search is answered without searching again. Answers of an older index
 * version are dropped as soon as a newer one is asked for: none is served after the write that
 * changed it, and retail and wholesale buyers never share one.
 */
export class SearchAnswers {
  readonly #answers = new LRUCache<string, Buffer>({
    max: ANSWERS_KEPT,
    maxSize: ANSWER_BYTES_KEPT,
    sizeCalculation: (answer, key) => key.length + answer.length,
  });
  #version = -1;

  get size(): number {
    return this.#answers.size;
  }

  get(version: number, buyer: BuyerKind, body: string | undefined): Buffer | undefined {
    if (version !== this.#version) {
      this.#answers.clear();
      this.#version = version;
      return undefined;
    }
    return body === undefined ? undefined : this.#answers.get(keyOf(buyer, body));
  }

  set(version: number, buyer: BuyerKind, body: string | undefined, answer: Buffer): void {
    if (version !== this.#version || body === undefined || body.length > LONGEST_BODY_KEPT) return;
    this.#answers.set(keyOf(buyer, body), answer);
  }
}

const keyOf = (buyer: BuyerKind, body: string) => `${buyer}\n${body}`;
