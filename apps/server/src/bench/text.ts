import { tokenize } from '@bevy/search';
import { PRODUCT_INDEX_SETTINGS, type ProductDocument } from '../modules/search/index';

/**
 * The text the other engines index: every searchable attribute through our tokenizer, so tokens
 * are the same as ours (lower case, accents folded, split at anything but letters and digits).
 * PostgreSQL's 'simple' parser left to itself would keep 'grüner' whole, split 'semi-dry' three
 * ways and not fold accents, and the comparison would be about tokenizers rather than engines.
 */
export function searchText(document: ProductDocument): string {
  const words: string[] = [];
  for (const attribute of PRODUCT_INDEX_SETTINGS.searchableAttributes) {
    const value = document[attribute];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) words.push(...tokenize(String(item)));
    }
  }
  return words.join(' ');
}
