/** The tags module's public entry: what the rest of the server may use of it. */
export {
  BUSINESS_TYPE_CATEGORY,
  tagsByIds,
  tagsOfBusinesses,
  tagsOfCategories,
} from './tags.service';
export type { TagRow } from './tags.service';
