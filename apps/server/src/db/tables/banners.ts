import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Style of the banner: info, success, warning or error. */
  type: text('type').notNull().default('info'),
  lines: jsonb('lines').$type<string[]>().notNull(),
  link_url: text('link_url'),
  link_title: text('link_title'),
  dismissible: boolean('dismissible').notNull().default(true),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
