import type { ValidProduct } from '@bevy/core/schemas';
import { GraphQLError } from 'graphql';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tags } from '../../db/schema';
import type { RequestContext } from '../../graphql/context';

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
  ctx: Pick<RequestContext, 'db'>,
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
  ctx: Pick<RequestContext, 'db'>,
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
    throw new GraphQLError(first[1], {
      extensions: { code: 'BAD_USER_INPUT', field: first[0], fields: refused },
    });
  }
  return spelled;
}
