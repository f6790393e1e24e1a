/**
 * The `k` smallest of `keys` (distinct numbers), ascending. Partial: a quickselect puts them in
 * front, then only those are sorted, so a page of 20 out of a million costs one pass, not a sort.
 */
export function smallestKeys(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (k >= keys.length) return sortNumbers(keys);
  let low = 0;
  let high = keys.length - 1;
  // Bad pivots every time would make this quadratic: past the limit, sort what is left instead.
  let rounds = depthLimit(keys.length);
  while (low < high) {
    if (rounds-- === 0) {
      sortNumbers(keys.subarray(low, high + 1));
      break;
    }
    const [left, right] = partition(keys, low, high);
    if (k - 1 <= left) high = left;
    else if (k - 1 >= right) low = right;
    else break;
  }
  return sortNumbers(keys.subarray(0, k));
}

/**
 * Sorts numbers (no NaN) ascending in place. Node 20's TypedArray sort copies into a generic
 * array and merge-sorts it, about ten times slower than this quicksort on the arrays queries use.
 */
export function sortNumbers<T extends Float64Array | Int32Array>(values: T): T {
  quicksort(values, 0, values.length - 1, depthLimit(values.length));
  return values;
}

/** How many levels of partitions a sort of `length` values may take before it gives up on them. */
const depthLimit = (length: number): number => 2 * (32 - Math.clz32(length)) + 4;

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}

/**
 * Hoare partition of values[low..high] around a median-of-three pivot: afterwards everything up
 * to `left` is at most the pivot, everything from `right` on at least it (left < right). The
 * three are taken inside the range, not at its ends, because a union of sorted lists (sorted runs
 * one after the other) has its smallest and largest values at the ends.
 */
function partition(values: Float64Array | Int32Array, low: number, high: number): [number, number] {
  const quarter = (high - low) >>> 2;
  const pivot = medianOfThree(
    values[low + quarter]!,
    values[(low + high) >>> 1]!,
    values[high - quarter]!,
  );
  let i = low;
  let j = high;
  while (i <= j) {
    while (values[i]! < pivot) i++;
    while (values[j]! > pivot) j--;
    if (i <= j) {
      const swap = values[i]!;
      values[i] = values[j]!;
      values[j] = swap;
      i++;
      j--;
    }
  }
  return [j, i];
}

function quicksort(
  values: Float64Array | Int32Array,
  low: number,
  high: number,
  depth: number,
): void {
  while (high - low > 16) {
    if (depth-- === 0) {
      // Pivots kept failing (an adversarial order): heapsort is slower but never quadratic.
      heapsort(values, low, high);
      return;
    }
    const [left, right] = partition(values, low, high);
    // Recurse into the smaller side, loop on the larger: the stack stays logarithmic.
    if (left - low < high - right) {
      quicksort(values, low, left, depth);
      low = right;
    } else {
      quicksort(values, right, high, depth);
      high = left;
    }
  }
  for (let i = low + 1; i <= high; i++) {
    const value = values[i]!;
    let j = i - 1;
    while (j >= low && values[j]! > value) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = value;
  }
}

function heapsort(values: Float64Array | Int32Array, low: number, high: number): void {
  const count = high - low + 1;
  const siftDown = (start: number, end: number) => {
    let root = start;
    for (;;) {
      let child = 2 * root + 1;
      if (child >= end) return;
      if (child + 1 < end && values[low + child + 1]! > values[low + child]!) child++;
      if (values[low + root]! >= values[low + child]!) return;
      const swap = values[low + root]!;
      values[low + root] = values[low + child]!;
      values[low + child] = swap;
      root = child;
    }
  };
  for (let start = (count >>> 1) - 1; start >= 0; start--) siftDown(start, count);
  for (let end = count - 1; end > 0; end--) {
    const swap = values[low]!;
    values[low] = values[low + end]!;
    values[low + end] = swap;
    siftDown(0, end);
  }
}

/** The position of the first entry of sorted `values` that is not below `value`. */
export function lowerBound(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
