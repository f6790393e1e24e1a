import type { SearchDocument } from './types';

const utf8 = new TextDecoder();

/** Documents per chunk of a snapshot: one chunk decodes in about a millisecond. */
const CHUNK_SIZE = 256;

/**
 * The index's documents by slot. A store restored from a snapshot holds them as JSON chunks and
 * decodes a chunk when one of its documents is first needed (a page of hits needs a handful), so
 * a restart can answer searches before every document is back in memory; `decodeNext` brings
 * the rest back a chunk at a time.
 */
export class DocumentStore {
  private items: (SearchDocument | undefined)[] = [];
  /** UTF-8 JSON of each chunk not decoded yet, by chunk number. */
  private packed: (Uint8Array | undefined)[] = [];
  private packedCount = 0;

  get length(): number {
    return this.items.length;
  }

  get(slot: number): SearchDocument | undefined {
    if (this.packedCount > 0) {
      const chunk = Math.floor(slot / CHUNK_SIZE);
      if (this.packed[chunk] !== undefined) this.decode(chunk);
    }
    return this.items[slot];
  }

  push(document: SearchDocument): number {
    this.items.push(document);
    return this.items.length - 1;
  }

  clear(slot: number): void {
    this.get(slot);
    this.items[slot] = undefined;
  }

  /** Every document still held, in slot order, with its slot. */
  entries(): [number, SearchDocument][] {
    this.decodeAll();
    const entries: [number, SearchDocument][] = [];
    this.items.forEach((document, slot) => {
      if (document !== undefined) entries.push([slot, document]);
    });
    return entries;
  }

  /** Decodes one chunk still packed; false when none is left. */
  decodeNext(): boolean {
    if (this.packedCount === 0) return false;
    const chunk = this.packed.findIndex((bytes) => bytes !== undefined);
    this.decode(chunk);
    return this.packedCount > 0;
  }

  private decodeAll(): void {
    while (this.decodeNext());
  }

  private decode(chunk: number): void {
    const documents = JSON.parse(utf8.decode(this.packed[chunk]!)) as SearchDocument[];
    documents.forEach((document, offset) => (this.items[chunk * CHUNK_SIZE + offset] = document));
    this.packed[chunk] = undefined;
    this.packedCount--;
  }

  /** Documents (all present, slot = position) as JSON chunks for a snapshot. */
  static pack(documents: readonly SearchDocument[]): Uint8Array[] {
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    for (let start = 0; start < documents.length; start += CHUNK_SIZE) {
      chunks.push(encoder.encode(JSON.stringify(documents.slice(start, start + CHUNK_SIZE))));
    }
    return chunks;
  }

  static unpack(count: number, chunks: readonly Uint8Array[]): DocumentStore {
    const store = new DocumentStore();
    store.items = new Array<SearchDocument | undefined>(count);
    store.packed = [...chunks];
    store.packedCount = chunks.length;
    return store;
  }
}
