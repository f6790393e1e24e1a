/** A growable list of 32-bit integers, without the per-element cost of a JavaScript array. */
export class IntList {
  items: Int32Array;
  length = 0;

  constructor(capacity = 4) {
    this.items = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = value;
  }

  /** Keeps the items `keep` accepts, in order. */
  retain(keep: (value: number) => boolean): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const value = this.items[i]!;
      if (keep(value)) this.items[kept++] = value;
    }
    this.length = kept;
  }

  view(): Int32Array {
    return this.items.subarray(0, this.length);
  }
}

/** Grows a typed array to hold at least `size` items, filling new room with `fill`. */
export function ensureCapacity<T extends Int32Array | Float64Array | Uint32Array | Uint8Array>(
  array: T,
  size: number,
  fill = 0,
): T {
  if (size <= array.length) return array;
  const Constructor = array.constructor as new (length: number) => T;
  const grown = new Constructor(Math.max(size, array.length * 2, 16));
  grown.set(array);
  if (fill !== 0) grown.fill(fill, array.length);
  return grown;
}
