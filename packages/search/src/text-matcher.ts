import type { DocumentSlots } from './document-slots';
import { Lexicon, type Posting } from './lexicon';
import { NO_MATCH, type SlotMarks } from './query-matches';
import type { Scratch } from './scratch';
import { sortNumbers } from './select';
import { tokenize } from './tokenize';
import { MIN_WORD_LENGTH_FOR_TYPO } from './typos';
import type { SearchDocument } from './types';

/**
 * How many matches large single-word results may hold in all, per live document, between
 * writes (5 bytes each): prefixes typed first, like "p", "pi", match much of the catalog.
 */
const WORD_CACHE_MATCHES_PER_DOCUMENT = 8;

/**
 * The documents one word matches in slot order, each with its match code (`codes[i] + base`).
 * A single term's result is a view of its posting, valid until the next write (which empties
 * the word cache too).
 */
interface WordMatches {
  slots: Int32Array;
  codes: Uint8Array;
  base: number;
}

/** Lowers each slot's mark in `best` to its code in this posting, when that is better. */
function markBest(posting: Posting, base: number, best: SlotMarks): void {
  const { slots, ranks, length } = posting;
  for (let i = 0; i < length; i++) {
    const slot = slots[i]!;
    const code = base + ranks[i]!;
    if (code < best[slot]!) best[slot] = code;
  }
}

/** Many marks: every marked slot by a scan of all of them, clearing the marks. */
function collectMarked(best: SlotMarks, slotCount: number): WordMatches {
  let count = 0;
  for (let slot = 0; slot < slotCount; slot++) if (best[slot] !== NO_MATCH) count++;
  const slots = new Int32Array(count);
  const codes = new Uint8Array(count);
  let next = 0;
  for (let slot = 0; slot < slotCount; slot++) {
    const code = best[slot]!;
    if (code === NO_MATCH) continue;
    slots[next] = slot;
    codes[next++] = code;
    best[slot] = NO_MATCH;
  }
  return { slots, codes, base: 0 };
}

/** Few marks: the postings' slots, each once, sorted; their codes read and the marks cleared. */
function collectPostings(
  postings: Posting[],
  entries: number,
  best: SlotMarks,
  scratch: Scratch,
): WordMatches {
  const all = scratch.int32('union', entries);
  let count = 0;
  for (const posting of postings) {
    for (let i = 0; i < posting.length; i++) {
      const slot = posting.slots[i]!;
      // A slot's mark goes negative once listed, so it is listed once.
      const code = best[slot]!;
      if (code < 0) continue;
      all[count++] = slot;
      best[slot] = -1 - code;
    }
  }
  const slots = sortNumbers(all.subarray(0, count)).slice();
  const codes = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    codes[i] = -1 - best[slots[i]!]!;
    best[slots[i]!] = NO_MATCH;
  }
  return { slots, codes, base: 0 };
}

/**
 * Full text: the terms of the searchable attributes with their postings (the lexicon), and the
 * documents a query's words match, every word required, the last one as a prefix, one typo
 * forgiven in words of five letters or more.
 */
export class TextMatcher {
  /** Results of words that match many documents; emptied by every write. */
  private readonly wordCache = new Map<string, WordMatches>();
  private wordCacheMatches = 0;

  constructor(
    private readonly searchableAttributes: readonly string[],
    private readonly slots: DocumentSlots,
    readonly lexicon = new Lexicon(),
  ) {}

  add(slot: number, document: SearchDocument): void {
    for (const [term, rank] of this.termsOf(document)) this.lexicon.add(term, slot, rank);
  }

  remove(document: SearchDocument): void {
    for (const term of this.termsOf(document).keys()) this.lexicon.release(term);
  }

  /** Drops cached word results, which a write makes stale. */
  forgetCachedWords(): void {
    this.wordCache.clear();
    this.wordCacheMatches = 0;
  }

  /** Each searchable term of a document, with the best (lowest) attribute rank it appears in. */
  private termsOf(document: SearchDocument): Map<string, number> {
    const terms = new Map<string, number>();
    this.searchableAttributes.forEach((attribute, rank) => {
      const value = document[attribute];
      const texts = Array.isArray(value) ? value : [value];
      for (const text of texts) {
        if (text === undefined || text === null) continue;
        for (const token of tokenize(String(text))) {
          if (!terms.has(token)) terms.set(token, rank);
        }
      }
    });
    return terms;
  }

  /**
   * Documents containing every query word (the last as a prefix), with a relevance key, lower
   * first: fewer typos, then more exact words, then matches in earlier attributes. Each word adds
   * typo * T + (not exact) * E + attribute rank, with E and T large enough that the sums compare
   * in that order.
   */
  match(
    words: string[],
    lastIsPrefix: boolean,
    marks: SlotMarks,
    scratch: Scratch,
  ): { slots: Int32Array; textKeys: Int32Array } {
    const attributeCount = this.searchableAttributes.length;
    const notExact = words.length * attributeCount + 1;
    const typo = (words.length + 1) * notExact;
    // A word's match code (typo, not exact, rank) as this query's key contribution.
    const weight = new Int32Array(4 * attributeCount);
    for (let code = 0; code < weight.length; code++) {
      const kind = Math.floor(code / attributeCount);
      weight[code] = (kind >> 1) * typo + (kind & 1) * notExact + (code % attributeCount);
    }
    // The rarest word first: every later word only narrows its candidates.
    const perWord = words
      .map((word, index) =>
        this.wordMatches(word, lastIsPrefix && index === words.length - 1, marks, scratch),
      )
      .sort((a, b) => a.slots.length - b.slots.length);

    const first = perWord[0]!;
    let slots = scratch.int32('slots', first.slots.length);
    slots.set(first.slots);
    let textKeys = scratch.int32('text-keys', slots.length);
    for (let i = 0; i < slots.length; i++) textKeys[i] = weight[first.base + first.codes[i]!]!;
    const best = marks;
    for (const next of perWord.slice(1)) {
      if (slots.length === 0) break;
      for (let i = 0; i < next.slots.length; i++) best[next.slots[i]!] = next.base + next.codes[i]!;
      let kept = 0;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const code = best[slot]!;
        if (code === NO_MATCH) continue;
        slots[kept] = slot;
        textKeys[kept] = textKeys[i]! + weight[code]!;
        kept++;
      }
      slots = slots.subarray(0, kept);
      textKeys = textKeys.subarray(0, kept);
      for (let i = 0; i < next.slots.length; i++) best[next.slots[i]!] = NO_MATCH;
    }
    return { slots, textKeys };
  }

  /**
   * The documents one query word matches, each with the code of its best match:
   * (typo * 2 + not exact) * attributes + attribute rank, so a lower code is a better match.
   * Short prefixes match much of the catalog and are typed first, so large results are kept
   * until the next write.
   */
  private wordMatches(
    word: string,
    prefix: boolean,
    best: SlotMarks,
    scratch: Scratch,
  ): WordMatches {
    const cacheKey = `${prefix ? '^' : '='}${word}`;
    const cached = this.wordCache.get(cacheKey);
    if (cached) return cached;
    const attributeCount = this.searchableAttributes.length;
    const alternatives: { term: string; base: number }[] = [];
    for (const term of prefix ? this.lexicon.withPrefix(word) : [word]) {
      alternatives.push({ term, base: term === word ? 0 : attributeCount });
    }
    if (word.length >= MIN_WORD_LENGTH_FOR_TYPO) {
      for (const term of this.lexicon.oneTypoAway(word, prefix)) {
        alternatives.push({ term, base: 3 * attributeCount });
      }
    }
    const postings: Posting[] = [];
    const bases: number[] = [];
    let entries = 0;
    for (const { term, base } of alternatives) {
      const posting = this.lexicon.read(term, this.slots.isLive);
      if (!posting || posting.length === 0) continue;
      postings.push(posting);
      bases.push(base);
      entries += posting.length;
    }
    let result: WordMatches;
    if (postings.length === 1) {
      // One term: its posting is already in slot order.
      const { slots, ranks, length } = postings[0]!;
      result = {
        slots: slots.subarray(0, length),
        codes: ranks.subarray(0, length),
        base: bases[0]!,
      };
    } else {
      for (let p = 0; p < postings.length; p++) markBest(postings[p]!, bases[p]!, best);
      // Matches are kept in slot order, so that every later pass over them reads the per-slot
      // columns front to back instead of at random.
      const slotCount = this.slots.length;
      result =
        entries * 8 > slotCount
          ? collectMarked(best, slotCount)
          : collectPostings(postings, entries, best, scratch);
    }
    const liveCount = this.slots.liveCount;
    if (result.slots.length * 32 > liveCount) {
      const budget = Math.max(WORD_CACHE_MATCHES_PER_DOCUMENT * liveCount, 100_000);
      this.wordCacheMatches += result.slots.length;
      // Oldest first out, until the new result fits.
      for (const [key, old] of this.wordCache) {
        if (this.wordCacheMatches <= budget) break;
        this.wordCache.delete(key);
        this.wordCacheMatches -= old.slots.length;
      }
      this.wordCache.set(cacheKey, result);
    }
    return result;
  }
}
