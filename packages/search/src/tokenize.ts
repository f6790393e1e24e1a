/** Lower-cases, strips diacritics and splits text into search tokens. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return folded.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

/** Normalizes a facet value for case- and accent-insensitive facet-value search. */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Folds like foldForMatch, and says where each folded unit came from in `text`, so a match found
 * in the folded text can be located in the original even when folding changes lengths.
 */
export function foldWithSources(text: string): { folded: string; sources: number[] } {
  let folded = '';
  const sources: number[] = [];
  for (let i = 0; i < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const part = foldForMatch(char);
    folded += part;
    for (let unit = 0; unit < part.length; unit++) sources.push(i);
    i += char.length;
  }
  return { folded, sources };
}
