import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/client';
import { businessTags, tags } from '../../db/tables';
import { businessChanged, inTransaction, siteChanged } from '../../platform/changes';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { followTagRename, TAG_BACKED_ATTRIBUTES } from '../products/index';
import { BUSINESS_TYPE_CATEGORY, type TagRow } from './tags.service';

/** Categories the product form and the business profile find by name: renaming one breaks them. */
const CATEGORIES_IN_USE_BY_NAME = new Set<string>([
  BUSINESS_TYPE_CATEGORY,
  ...TAG_BACKED_ATTRIBUTES.map((attribute) => attribute.category),
]);

/** Refuses to rename or delete a category the site finds by its name. */
function refuseCategoryInUse(tag: TagRow, what: 'renamed' | 'deleted'): void {
  if (tag.categorized_by_id === null && CATEGORIES_IN_USE_BY_NAME.has(tag.name)) {
    throw badInput(
      `The ${tag.name} category is used by sellers' forms and cannot be ${what}; change its tags instead.`,
      'id',
    );
  }
}

const tagNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the tag.')
  .max(60, 'Use at most 60 characters.');

const DUPLICATE_MESSAGE = 'That tag already exists.';

function parseName(name: string): string {
  const parsed = tagNameSchema.safeParse(name);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Check the name.', 'name');
  return parsed.data;
}

/** Whether the category (null: the top level) already has a tag of this name, in any case. */
async function nameTaken(
  ctx: Pick<ServiceContext, 'db'>,
  categoryId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        categoryId === null
          ? isNull(tags.categorized_by_id)
          : eq(tags.categorized_by_id, categoryId),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(tags.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The categories: the top-level tags, by name. */
export function listCategories(ctx: Pick<ServiceContext, 'db'>): Promise<TagRow[]> {
  return ctx.db.select().from(tags).where(isNull(tags.categorized_by_id)).orderBy(asc(tags.name));
}

/** A tag in a category, or without `categoryId` a new category. */
export async function createTag(
  ctx: Pick<ServiceContext, 'db' | 'changes'>,
  input: { name: string; categoryId?: number | null },
): Promise<TagRow> {
  const name = parseName(input.name);
  const categoryId = input.categoryId ?? null;
  if (categoryId !== null) {
    const [category] = await ctx.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.id, categoryId), isNull(tags.categorized_by_id)))
      .limit(1);
    if (!category) throw badInput('Choose one of the categories.', 'categoryId');
  }
  if (await nameTaken(ctx, categoryId, name)) throw badInput(DUPLICATE_MESSAGE, 'name');
  // The unique constraint settles a race between two admins adding the same name.
  const [row] = await ctx.db
    .insert(tags)
    .values({ name, categorized_by_id: categoryId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badInput(DUPLICATE_MESSAGE, 'name');
  await ctx.changes.record(siteChanged());
  return row;
}

/** The businesses that carry the tag, or (for a category) any of its tags. */
async function businessesTaggedWith(db: Db, tagId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: businessTags.business_id })
    .from(businessTags)
    .innerJoin(tags, eq(tags.id, businessTags.tag_id))
    .where(or(eq(tags.id, tagId), eq(tags.categorized_by_id, tagId)));
  return rows.map((row) => row.id);
}

/**
 * Renames a tag. Products that carry a Closure Style or Format tag's name as their value follow
 * the new name; they and the businesses tagged with it are recorded as changed, for search.
 */
export async function renameTag(
  ctx: Pick<ServiceContext, 'db' | 'changes'>,
  input: { id: number; name: string },
): Promise<TagRow> {
  const name = parseName(input.name);
  const [tag] = await ctx.db.select().from(tags).where(eq(tags.id, input.id)).limit(1);
  if (!tag) throw notFound('There is no such tag.');
  refuseCategoryInUse(tag, 'renamed');
  if (await nameTaken(ctx, tag.categorized_by_id, name, tag.id)) {
    throw badInput(DUPLICATE_MESSAGE, 'name');
  }
  try {
    return await inTransaction(ctx, async ({ db, changes }) => {
      const [row] = await db.update(tags).set({ name }).where(eq(tags.id, tag.id)).returning();
      if (!row) throw notFound('There is no such tag.');
      const [category] = tag.categorized_by_id
        ? await db.select().from(tags).where(eq(tags.id, tag.categorized_by_id)).limit(1)
        : [];
      const productsChanged = category
        ? await followTagRename(db, category.name, tag.name, name)
        : [];
      const changed = new Set([...productsChanged, ...(await businessesTaggedWith(db, tag.id))]);
      for (const businessId of changed) await changes.record(businessChanged(businessId));
      await changes.record(siteChanged());
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badInput(DUPLICATE_MESSAGE, 'name');
    throw error;
  }
}

/** Deletes a tag; deleting a category deletes its tags too (the foreign key cascades). */
export async function deleteTag(
  ctx: Pick<ServiceContext, 'db' | 'changes'>,
  id: number,
): Promise<true> {
  const [tag] = await ctx.db.select().from(tags).where(eq(tags.id, id)).limit(1);
  if (tag) refuseCategoryInUse(tag, 'deleted');
  return inTransaction(ctx, async ({ db, changes }) => {
    const tagged = await businessesTaggedWith(db, id);
    const [row] = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
    if (!row) throw notFound('There is no such tag.');
    for (const businessId of tagged) await changes.record(businessChanged(businessId));
    await changes.record(siteChanged());
    return true as const;
  });
}
