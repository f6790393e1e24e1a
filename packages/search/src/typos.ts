/** Words this long or longer may match with one typo (the search issue's rule). */
export const MIN_WORD_LENGTH_FOR_TYPO = 5;

/**
 * Whether `a` and `b` are at most one typo apart: one letter changed, added or removed, or two
 * neighboring letters swapped (optimal string alignment distance ≤ 1).
 */
export function withinOneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (lengthGap === 0) {
    // Changed letter: the rest is equal; swapped neighbors: crossed, then the rest is equal.
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return (
      a[start] === b[start + 1] &&
      a[start + 1] === b[start] &&
      a.slice(start + 2) === b.slice(start + 2)
    );
  }
  // One letter more in the longer word, at the first difference.
  return lengthGap > 0
    ? a.slice(start + 1) === b.slice(start)
    : a.slice(start) === b.slice(start + 1);
}

/** Whether `term` starts with `prefix` give or take one typo (for the word still being typed). */
export function startsWithinOneTypo(term: string, prefix: string): boolean {
  for (const length of [prefix.length, prefix.length - 1, prefix.length + 1]) {
    if (length > 0 && length <= term.length && withinOneTypo(term.slice(0, length), prefix)) {
      return true;
    }
  }
  return false;
}
