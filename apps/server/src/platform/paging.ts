import { badInput } from './domain-error';

/** The longest page any list answers. */
export const PAGE_LIMIT_MAX = 100;

export interface Page {
  offset: number;
  limit: number;
}

/** Offset and limit as the API takes them (null means the default), checked. */
export function parsePage(
  offset: number | null | undefined,
  limit: number | null | undefined,
): Page {
  const page = { offset: offset ?? 0, limit: limit ?? 25 };
  if (page.offset < 0) throw badInput('The offset cannot be negative.', 'offset');
  if (page.limit < 1 || page.limit > PAGE_LIMIT_MAX) {
    throw badInput(`Ask for between 1 and ${PAGE_LIMIT_MAX} at a time.`, 'limit');
  }
  return page;
}

/** A LIKE pattern matching `text` literally anywhere: %, _ and \ lose their special meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
