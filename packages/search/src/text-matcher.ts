import { wordsFor, type Bitset } from './bitset';
import type { DocumentSlots } from './document-slots';
import { Lexicon, type Posting } from './lexicon';
import { NO_MATCH, type KeyOfSlot, type SlotMarks } from './query-matches';
import type { Scratch } from './scratch';
import { tokenize } from './tokenize';
import { fillDense, NO_CODE, WordCache, type DenseWordMatches } from './word-cache';
import { MIN_WORD_LENGTH_FOR_TYPO } from './typos';
import type { SearchDocument } from './types';

/**
 * The documents one word matches in slot order, each with its match code (`codes[i] + base`).
 * A single term's result is a view of its posting, valid until the next write.
 */
interface SparseWordMatches {
  slots: Int32Array;
  codes: Uint8Array;
  base: number;
}

/** A word's matches: a list when they are few, by slot (and kept) when they are many. */
type WordMatches = { sparse: SparseWordMatches } | { dense: DenseWordMatches };

const matchCount = (word: WordMatches): number =>
  'dense' in word ? word.dense.count : word.sparse.slots.length;

/**
 * The union of `postings` in slot order, each slot with its best (lowest) code `bases[p] + rank`.
 * The marks hold each slot's best code while the postings are read and a bitset which slots were
 * seen, so reading the union back costs a pass over the bitset's words, not over every slot, and
 * no sort. `into` receives the result (it is at most `entries` long); the marks are left clear.
 */
function unionOf(
  postings: readonly Posting[],
  bases: readonly number[],
  best: SlotMarks,
  seen: Bitset,
  into: (count: number) => { slots: Int32Array; codes: Uint8Array },
): SparseWordMatches {
  seen.fill(0);
  let count = 0;
  for (let p = 0; p < postings.length; p++) {
    const { slots, ranks, length } = postings[p]!;
    const base = bases[p]!;
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      const code = base + ranks[i]!;
      const old = best[slot]!;
      if (old === NO_MATCH) {
        seen[slot >>> 5]! |= 1 << (slot & 31);
        count++;
      }
      if (code < old) best[slot] = code;
    }
  }
  const { slots, codes } = into(count);
  let next = 0;
  for (let i = 0; i < seen.length; i++) {
    let word = seen[i]!;
    while (word !== 0) {
      const lowest = word & -word;
      const slot = (i << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
      slots[next] = slot;
      codes[next++] = best[slot]!;
      best[slot] = NO_MATCH;
    }
  }
  return { slots, codes, base: 0 };
}

/**
 * Compacts `slots` and `textKeys` to the slots a word's dense result matches, adding the word's
 * weight; returns how many are kept.
 */
function keepDense(
  slots: Int32Array,
  textKeys: Int32Array,
  word: DenseWordMatches,
  weight: Int32Array,
): number {
  const codes = word.codes;
  let kept = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const code = codes[slot]!;
    if (code === NO_CODE) continue;
    slots[kept] = slot;
    textKeys[kept] = textKeys[i]! + weight[code]!;
    kept++;
  }
  return kept;
}

/** As keepDense, for a word's list of matches: marked by slot first, the marks cleared after. */
function keepSparse(
  slots: Int32Array,
  textKeys: Int32Array,
  word: SparseWordMatches,
  weight: Int32Array,
  best: SlotMarks,
): number {
  const { slots: wordSlots, codes, base } = word;
  for (let i = 0; i < wordSlots.length; i++) best[wordSlots[i]!] = base + codes[i]!;
  let kept = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const code = best[slot]!;
    if (code === NO_MATCH) continue;
    slots[kept] = slot;
    textKeys[kept] = textKeys[i]! + weight[code]!;
    kept++;
  }
  for (let i = 0; i < wordSlots.length; i++) best[wordSlots[i]!] = NO_MATCH;
  return kept;
}

/**
 * Full text: the terms of the searchable attributes with their postings (the lexicon), and the
 * documents a query's words match, every word required, the last one as a prefix, one typo
 * forgiven in words of five letters or more.
 */
export class TextMatcher {
  /**
   * Results of words that match many documents; emptied by every write. Short prefixes match
   * much of the catalog and are typed first, so they come back often.
   */
  private readonly wordCache = new WordCache();

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
  ): { slots: Int32Array; textKeys: Int32Array; bits?: Bitset; keyOfSlot?: KeyOfSlot } {
    const attributeCount = this.searchableAttributes.length;
    const notExact = words.length * attributeCount + 1;
    const typo = (words.length + 1) * notExact;
    // A word's match code (typo, not exact, rank) as this query's key contribution.
    const weight = new Int32Array(4 * attributeCount);
    for (let code = 0; code < weight.length; code++) {
      const kind = Math.floor(code / attributeCount);
      weight[code] = (kind >> 1) * typo + (kind & 1) * notExact + (code % attributeCount);
    }
    this.wordCache.release();
    // The rarest word first: every later word only narrows its candidates.
    const perWord = words
      .map((word, index) =>
        this.wordMatches(word, lastIsPrefix && index === words.length - 1, marks, scratch, index),
      )
      .sort((a, b) => matchCount(a) - matchCount(b));

    const first = perWord[0]!;
    let slots = scratch.int32('slots', matchCount(first));
    let textKeys = scratch.int32('text-keys', slots.length);
    if ('dense' in first) {
      const { bits, codes } = first.dense;
      let next = 0;
      for (let i = 0; i < bits.length; i++) {
        let word = bits[i]!;
        while (word !== 0) {
          const lowest = word & -word;
          word ^= lowest;
          const slot = (i << 5) | (31 - Math.clz32(lowest));
          slots[next] = slot;
          textKeys[next++] = weight[codes[slot]!]!;
        }
      }
    } else {
      const { slots: firstSlots, codes, base } = first.sparse;
      slots.set(firstSlots);
      for (let i = 0; i < slots.length; i++) textKeys[i] = weight[base + codes[i]!]!;
    }
    for (const next of perWord.slice(1)) {
      if (slots.length === 0) break;
      const kept =
        'dense' in next
          ? keepDense(slots, textKeys, next.dense, weight)
          : keepSparse(slots, textKeys, next.sparse, weight, marks);
      slots = slots.subarray(0, kept);
      textKeys = textKeys.subarray(0, kept);
    }
    // One word matching many: its bitset is the matches too, which facet counts can use.
    const only = perWord.length === 1 ? perWord[0]! : undefined;
    if (only && 'dense' in only) {
      const bits = only.dense.bits.subarray(0, wordsFor(this.slots.length));
      return { slots, textKeys, bits, keyOfSlot: { codes: only.dense.codes, weight } };
    }
    return { slots, textKeys };
  }

  /**
   * The documents one query word matches, each with the code of its best match:
   * (typo * 2 + not exact) * attributes + attribute rank, so a lower code is a better match.
   * Results that match much of the index are kept until the next write (see WordCache); smaller
   * ones are made in work arrays named after `position` (the word's place in the query), valid
   * for this query only.
   */
  private wordMatches(
    word: string,
    prefix: boolean,
    best: SlotMarks,
    scratch: Scratch,
    position: number,
  ): WordMatches {
    const cacheKey = `${prefix ? '^' : '='}${word}`;
    const cached = this.wordCache.get(cacheKey);
    if (cached) return { dense: cached };
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
    if (postings.length === 1) {
      // One term: its posting is already in slot order.
      const { slots, ranks, length } = postings[0]!;
      return {
        sparse: {
          slots: slots.subarray(0, length),
          codes: ranks.subarray(0, length),
          base: bases[0]!,
        },
      };
    }
    const slotCount = this.slots.length;
    if (entries * 32 > this.slots.liveCount) {
      const entry = this.wordCache.take(slotCount);
      fillDense(entry, postings, bases, slotCount);
      this.wordCache.keep(cacheKey, entry);
      return { dense: entry };
    }
    // Matches are kept in slot order, so that every later pass over them reads the per-slot
    // columns front to back instead of at random.
    const seen = scratch.uint32('word-seen', wordsFor(slotCount));
    return {
      sparse: unionOf(postings, bases, best, seen, (count) => ({
        slots: scratch.int32(`word-slots-${position}`, count),
        codes: scratch.uint8(`word-codes-${position}`, count),
      })),
    };
  }
}
