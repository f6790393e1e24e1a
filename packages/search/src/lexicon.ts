import { startsWithinOneTypo, withinOneTypo } from './typos';

/** The documents one term appears in, with the rank of the best attribute it appears in there. */
export interface Posting {
  slots: Int32Array;
  ranks: Uint8Array;
  length: number;
  /** Documents still in the index that contain the term. */
  live: number;
  /** Entries that may point at removed documents, dropped on the next read. */
  stale: number;
}

/** The vocabulary as a snapshot holds it: terms in order, their postings end to end. */
export interface LexiconState {
  terms: string[];
  /** Where each term's entries start in `slots` and `ranks` (one more entry: the end). */
  offsets: Int32Array;
  slots: Int32Array;
  ranks: Uint8Array;
}

/** How many typo lookups to remember between changes of the vocabulary. */
const TYPO_CACHE_SIZE = 20_000;

/** Every indexed term, its posting, and the lookups by prefix and by typo that queries need. */
export class Lexicon {
  private readonly postings = new Map<string, Posting>();
  private sorted: string[] = [];
  /** Terms added since `sorted` was last brought up to date. */
  private added: string[] = [];
  private removedSinceSort = false;
  private readonly typoCache = new Map<string, string[]>();

  /**
   * The vocabulary of live documents, with each slot renumbered by `renumber` (-1: removed). Slot
   * order is kept, so postings stay ascending.
   */
  exportState(renumber: Int32Array): LexiconState {
    const terms = this.sortedTerms();
    const offsets = new Int32Array(terms.length + 1);
    let total = 0;
    for (const term of terms) total += this.postings.get(term)!.length;
    const slots = new Int32Array(total);
    const ranks = new Uint8Array(total);
    let next = 0;
    terms.forEach((term, index) => {
      offsets[index] = next;
      const posting = this.postings.get(term)!;
      for (let i = 0; i < posting.length; i++) {
        const slot = renumber[posting.slots[i]!]!;
        if (slot < 0) continue;
        slots[next] = slot;
        ranks[next] = posting.ranks[i]!;
        next++;
      }
    });
    offsets[terms.length] = next;
    return { terms, offsets, slots: slots.slice(0, next), ranks: ranks.slice(0, next) };
  }

  /** A lexicon from a snapshot; its postings are views of the snapshot's arrays until they grow. */
  static fromState(state: LexiconState): Lexicon {
    const lexicon = new Lexicon();
    state.terms.forEach((term, index) => {
      const start = state.offsets[index]!;
      const end = state.offsets[index + 1]!;
      if (end === start) return;
      lexicon.postings.set(term, {
        slots: state.slots.subarray(start, end),
        ranks: state.ranks.subarray(start, end),
        length: end - start,
        live: end - start,
        stale: 0,
      });
    });
    lexicon.sorted = state.terms.filter((term) => lexicon.postings.has(term));
    return lexicon;
  }

  /** Records that `slot` contains `term`, at attribute `rank` (called once per term per slot). */
  add(term: string, slot: number, rank: number): void {
    let posting = this.postings.get(term);
    if (!posting) {
      posting = {
        slots: new Int32Array(2),
        ranks: new Uint8Array(2),
        length: 0,
        live: 0,
        stale: 0,
      };
      this.postings.set(term, posting);
      this.added.push(term);
      this.typoCache.clear();
    }
    if (posting.length === posting.slots.length) {
      const slots = new Int32Array(posting.length * 2);
      slots.set(posting.slots);
      posting.slots = slots;
      const ranks = new Uint8Array(posting.length * 2);
      ranks.set(posting.ranks);
      posting.ranks = ranks;
    }
    posting.slots[posting.length] = slot;
    posting.ranks[posting.length] = rank;
    posting.length++;
    posting.live++;
  }

  /** Records that a document containing `term` left; the entry itself goes on the next read. */
  release(term: string): void {
    const posting = this.postings.get(term);
    if (!posting) return;
    posting.live--;
    posting.stale++;
    if (posting.live === 0) {
      this.postings.delete(term);
      this.removedSinceSort = true;
      this.typoCache.clear();
    }
  }

  /** The posting with entries of removed documents dropped. */
  read(term: string, isLive: (slot: number) => boolean): Posting | undefined {
    const posting = this.postings.get(term);
    if (posting && posting.stale > 0) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        const slot = posting.slots[i]!;
        if (!isLive(slot)) continue;
        posting.slots[kept] = slot;
        posting.ranks[kept] = posting.ranks[i]!;
        kept++;
      }
      posting.length = kept;
      posting.stale = 0;
    }
    return posting;
  }

  /** Terms in code-unit order, merged incrementally so a write of a few documents stays cheap. */
  private sortedTerms(): string[] {
    if (this.added.length > 0 || this.removedSinceSort) {
      const fresh = [...new Set(this.added)].filter((term) => this.postings.has(term)).sort();
      const kept = this.removedSinceSort
        ? this.sorted.filter((term) => this.postings.has(term))
        : this.sorted;
      const merged: string[] = new Array<string>(kept.length + fresh.length);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < kept.length || j < fresh.length) {
        if (j >= fresh.length || (i < kept.length && kept[i]! < fresh[j]!))
          merged[k++] = kept[i++]!;
        // A term removed and added again before this merge is in both lists: keep it once.
        else if (i < kept.length && kept[i] === fresh[j]) j++;
        else merged[k++] = fresh[j++]!;
      }
      merged.length = k;
      this.sorted = merged;
      this.added = [];
      this.removedSinceSort = false;
    }
    return this.sorted;
  }

  withPrefix(prefix: string): string[] {
    const terms = this.sortedTerms();
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (terms[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i++) found.push(terms[i]!);
    return found;
  }

  /** Terms one typo from `word` (or, as it is typed, whose start is), other than its own matches. */
  oneTypoAway(word: string, prefix: boolean): string[] {
    const key = `${prefix ? '^' : '='}${word}`;
    const cached = this.typoCache.get(key);
    if (cached) return cached;
    const found: string[] = [];
    const minimum = word.length - 1;
    for (const term of this.sortedTerms()) {
      if (prefix) {
        if (term.length >= minimum && !term.startsWith(word) && startsWithinOneTypo(term, word)) {
          found.push(term);
        }
      } else if (
        term.length >= minimum &&
        term.length <= word.length + 1 &&
        term !== word &&
        withinOneTypo(term, word)
      ) {
        found.push(term);
      }
    }
    if (this.typoCache.size >= TYPO_CACHE_SIZE) this.typoCache.clear();
    this.typoCache.set(key, found);
    return found;
  }
}
