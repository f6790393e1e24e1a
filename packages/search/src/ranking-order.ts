import type { DocumentSlots } from './document-slots';

/** One rule of the index's custom ranking, e.g. desc(hasImage). */
export type RankingRule = { attribute: string; direction: 1 | -1 };

export function parseCustomRanking(rules: readonly string[]): RankingRule[] {
  return rules.map((rule) => {
    const match = /^(asc|desc)\((.+)\)$/.exec(rule);
    if (!match) throw new Error(`Invalid custom ranking rule "${rule}"`);
    return { attribute: match[2]!, direction: match[1] === 'asc' ? 1 : -1 };
  });
}

/** Orders two values in `direction`; missing (or null) values are equal and last either way. */
function compareValues(a: unknown, b: unknown, direction: 1 | -1): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * direction;
  if (typeof a === 'boolean' && typeof b === 'boolean') return (Number(a) - Number(b)) * direction;
  return String(a).localeCompare(String(b)) * direction;
}

/**
 * The live slots in custom-ranking order, and each slot's position in it, which ties between
 * equally relevant matches are broken by. Writes only note the new slots; the next search merges
 * them in, so a burst of writes sorts once.
 */
export class RankingOrder {
  /** Live slots in custom-ranking order (with removed ones until the next merge). */
  order: Int32Array = new Int32Array(0);
  /** Each slot's position in `order`, as of the last merge. */
  rankOf: Int32Array = new Int32Array(0);
  /** Slots added since `order` was last merged. */
  private unordered: number[] = [];

  constructor(
    private readonly rules: readonly RankingRule[],
    private readonly slots: DocumentSlots,
  ) {}

  added(slot: number): void {
    this.unordered.push(slot);
  }

  /** Takes a snapshot's order, which holds every slot. */
  restore(order: Int32Array): void {
    const count = order.length;
    this.order = order;
    this.rankOf = new Int32Array(count);
    for (let rank = 0; rank < count; rank++) this.rankOf[order[rank]!] = rank;
  }

  private compareSlots = (a: number, b: number): number => {
    const left = this.slots.document(a)!;
    const right = this.slots.document(b)!;
    for (const rule of this.rules) {
      const order = compareValues(left[rule.attribute], right[rule.attribute], rule.direction);
      if (order !== 0) return order;
    }
    return a - b;
  };

  /** Merges documents added since the last search into the custom-ranking order. */
  update(): void {
    const { isLive, liveCount } = this.slots;
    const fresh = this.unordered.filter(isLive);
    const hasRemoved = this.order.length > liveCount - fresh.length;
    if (fresh.length === 0 && !hasRemoved) {
      this.unordered = [];
      return;
    }
    let order: Int32Array;
    if (fresh.length * 4 > liveCount) {
      const live: number[] = [];
      for (let slot = 0; slot < this.slots.length; slot++) if (isLive(slot)) live.push(slot);
      order = Int32Array.from(live.sort(this.compareSlots));
    } else {
      fresh.sort(this.compareSlots);
      order = new Int32Array(liveCount);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < this.order.length || j < fresh.length) {
        if (i < this.order.length && !isLive(this.order[i]!)) {
          i++;
          continue;
        }
        if (
          j >= fresh.length ||
          (i < this.order.length && this.compareSlots(this.order[i]!, fresh[j]!) < 0)
        ) {
          order[k++] = this.order[i++]!;
        } else {
          order[k++] = fresh[j++]!;
        }
      }
    }
    this.order = order;
    this.rankOf = new Int32Array(this.slots.length);
    for (let rank = 0; rank < order.length; rank++) this.rankOf[order[rank]!] = rank;
    this.unordered = [];
  }
}
