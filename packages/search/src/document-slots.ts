import { clearBit, hasBit, setBit, wordsFor, type Bitset } from './bitset';
import { DocumentStore } from './document-store';
import { ensureCapacity } from './int-list';
import type { SearchDocument } from './types';

/**
 * The index's documents by slot, which slots are live, and each objectID's slot. A replaced or
 * removed document leaves its slot dead until the index is rebuilt; every other part of the
 * index stores its data by slot.
 */
export class DocumentSlots {
  private documents = new DocumentStore();
  private readonly slotOf = new Map<string, number>();
  alive: Bitset = new Uint32Array(0);
  liveCount = 0;
  readonly isLive = (slot: number): boolean => hasBit(this.alive, slot);

  /** Slots in use, dead ones included: the length of every per-slot array. */
  get length(): number {
    return this.documents.length;
  }

  slotOfID(objectID: string): number | undefined {
    return this.slotOf.get(objectID);
  }

  document(slot: number): SearchDocument | undefined {
    return this.documents.get(slot);
  }

  /** Every live document with its slot, in slot order. */
  entries(): [number, SearchDocument][] {
    return this.documents.entries();
  }

  /** The document's new slot (the caller removes any older one with its objectID first). */
  add(document: SearchDocument): number {
    const slot = this.documents.push(document);
    this.slotOf.set(document.objectID, slot);
    this.alive = ensureCapacity(this.alive, wordsFor(slot + 1));
    setBit(this.alive, slot);
    this.liveCount++;
    return slot;
  }

  remove(objectID: string, slot: number): void {
    clearBit(this.alive, slot);
    this.liveCount--;
    this.documents.clear(slot);
    this.slotOf.delete(objectID);
  }

  /** Decodes one chunk of a restored snapshot's documents; false when none is left. */
  decodeNext(): boolean {
    return this.documents.decodeNext();
  }

  /** Slots for a snapshot's documents, all live, slot = position (see DocumentStore.unpack). */
  static restore(objectIDs: readonly string[], packed: readonly Uint8Array[]): DocumentSlots {
    const slots = new DocumentSlots();
    const count = objectIDs.length;
    slots.documents = DocumentStore.unpack(count, packed);
    objectIDs.forEach((objectID, slot) => slots.slotOf.set(objectID, slot));
    slots.alive = new Uint32Array(wordsFor(count)).fill(0xffffffff);
    // Bits past the last document stay clear.
    if (count % 32 !== 0) slots.alive[slots.alive.length - 1] = (1 << (count % 32)) - 1;
    slots.liveCount = count;
    return slots;
  }
}
