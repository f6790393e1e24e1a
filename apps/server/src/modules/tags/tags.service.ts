import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessTags, tags } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';

export type TagRow = typeof tags.$inferSelect;

export const BUSINESS_TYPE_CATEGORY = 'Business Type';

/** The tags a category (itself a top-level tag) categorizes, by name. */
export async function listTagsForCategory(
  ctx: Pick<ServiceContext, 'db'>,
  categoryName: string,
): Promise<TagRow[]> {
  const [category] = await ctx.db
    .select()
    .from(tags)
    .where(and(eq(tags.name, categoryName), isNull(tags.categorized_by_id)))
    .limit(1);
  if (!category) return [];
  return ctx.db
    .select()
    .from(tags)
    .where(eq(tags.categorized_by_id, category.id))
    .orderBy(asc(tags.name));
}

export async function tagsByIds(db: Db, ids: readonly number[]): Promise<(TagRow | null)[]> {
  const rows = await db
    .select()
    .from(tags)
    .where(inArray(tags.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}

export async function tagsOfCategories(
  db: Db,
  categoryIds: readonly number[],
): Promise<TagRow[][]> {
  const rows = await db
    .select()
    .from(tags)
    .where(inArray(tags.categorized_by_id, [...categoryIds]))
    .orderBy(asc(tags.name));
  return categoryIds.map((id) => rows.filter((row) => row.categorized_by_id === id));
}

export async function tagsOfBusinesses(
  db: Db,
  businessIds: readonly number[],
): Promise<TagRow[][]> {
  const rows = await db
    .select({ business_id: businessTags.business_id, tag: tags })
    .from(businessTags)
    .innerJoin(tags, eq(tags.id, businessTags.tag_id))
    .where(inArray(businessTags.business_id, [...businessIds]))
    .orderBy(asc(tags.name));
  return businessIds.map((id) => rows.filter((row) => row.business_id === id).map((r) => r.tag));
}
