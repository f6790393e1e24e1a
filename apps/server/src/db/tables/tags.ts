import { type AnyPgColumn, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';

/**
 * Tags, as in the original: a category ('Business Type', 'Beverage Type', ...) is itself a tag
 * that `categorizes` other tags; a tag is `categorizedBy` its category.
 */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    categorized_by_id: integer('categorized_by_id').references((): AnyPgColumn => tags.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [unique('tags_category_name_unique').on(t.categorized_by_id, t.name).nullsNotDistinct()],
);

export const businessTags = pgTable(
  'business_tags',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.tag_id] })],
);
