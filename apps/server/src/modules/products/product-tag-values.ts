import type { ValidProduct } from '@bevy/core/schemas';
import { DomainError } from '../../platform/domain-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { products, tags } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';

/**
 * Product attributes whose values are the tags of an admin-kept category (admin → Tags), so that
 * the shop's refiners list one 'Screw Cap', not 'Screw Cap' and 'screw cap'. Products store the
 * tag's name as text, as search documents and the original's facets do.
 */
export const TAG_BACKED_ATTRIBUTES = [
  { field: 'closureStyle', category: 'Closure Style', noun: 'closure style' },
  { field: 'format', category: 'Format', noun: 'format' },
] as const;

/** The tag of `categoryName` named `value` in any case, as the admin spells it; null if none. */
async function tagSpelling(
  ctx: Pick<ServiceContext, 'db'>,
  categoryName: string,
  value: string,
): Promise<string | null> {
  const category = alias(tags, 'category');
  const [row] = await ctx.db
    .select({ name: tags.name })
    .from(tags)
    .innerJoin(category, eq(category.id, tags.categorized_by_id))
    .where(
      and(
        eq(category.name, categoryName),
        isNull(category.categorized_by_id),
        sql`lower(${tags.name}) = lower(${value})`,
      ),
    )
    .limit(1);
  return row?.name ?? null;
}

/**
 * The product with each tag-backed attribute in its tag's spelling; a value that is no tag of its
 * category is refused on that field (BAD_USER_INPUT), with every such field listed in `fields`.
 */
export async function withTagSpellings(
  ctx: Pick<ServiceContext, 'db'>,
  product: ValidProduct,
): Promise<ValidProduct> {
  const spelled = { ...product };
  const refused: Record<string, string> = {};
  for (const { field, category, noun } of TAG_BACKED_ATTRIBUTES) {
    const value = product[field];
    if (value === null || value === undefined) continue;
    const name = await tagSpelling(ctx, category, value);
    if (name === null) refused[field] = `Choose a ${noun} from the list.`;
    else spelled[field] = name;
  }
  const [first] = Object.entries(refused);
  if (first) {
    throw new DomainError('BAD_USER_INPUT', first[1], first[0], { fields: refused });
  }
  return spelled;
}

/**
 * After the admin renames a tag of `categoryName` from `from` to `to`, the products that carry the
 * old name take the new one, so that the shop lists one value, not two. Returns the businesses
 * whose products changed, for their search documents to be rebuilt.
 */
export async function followTagRename(
  db: Db,
  categoryName: string,
  from: string,
  to: string,
): Promise<number[]> {
  const attribute = TAG_BACKED_ATTRIBUTES.find((candidate) => candidate.category === categoryName);
  if (!attribute || from === to) return [];
  const closure = attribute.field === 'closureStyle';
  const changed = await db
    .update(products)
    .set({ ...(closure ? { closure_style: to } : { format: to }), updated_at: new Date() })
    .where(eq(closure ? products.closure_style : products.format, from))
    .returning({ businessId: products.business_id });
  return [...new Set(changed.map((row) => row.businessId))];
}
