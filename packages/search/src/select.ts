/**
 * The `k` smallest of `keys` (distinct numbers), ascending. Partial: a quickselect puts them in
 * front, then only those are sorted, so a page of 20 out of a million costs one pass, not a sort.
 */
export function smallestKeys(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (k >= keys.length) return keys.sort();
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    const pivot = medianOfThree(keys[low]!, keys[(low + high) >>> 1]!, keys[high]!);
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const swap = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = swap;
        i++;
        j--;
      }
    }
    if (k - 1 <= j) high = j;
    else if (k - 1 >= i) low = i;
    else break;
  }
  return keys.subarray(0, k).sort();
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}
