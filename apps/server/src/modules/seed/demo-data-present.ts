import { normalizeEmail } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import {
  banners,
  businesses,
  campaigns,
  checkouts,
  clubs,
  events,
  privacyRequests,
  tags,
  users,
} from '../../db/tables';
import { PRODUCERS } from './catalog/producers';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { INSIGHTS_PRODUCER_SLUGS, insightsSeedKeyPrefix } from './insights';
import { TAG_CATEGORIES } from './tag-catalog';

/** Every demo tag: the categories with their fixed ids, then the tags in each. */
function demoTags(): { id: number | null; category: number | null; name: string }[] {
  return TAG_CATEGORIES.flatMap((category) => [
    { id: category.id, category: null, name: category.name },
    ...category.tags.map((name) => ({ id: null, category: category.id, name })),
  ]);
}

const asJson = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Whether seeding would change nothing: each of its steps finds what it would add already there
 * (the same tests the steps make, in one statement). Every start asks, so that an existing
 * database starts without generating the demo catalog or a statement per step.
 */
export async function demoDataPresent(db: Db): Promise<boolean> {
  const expectedTags = demoTags();
  const slugs = PRODUCERS.map((producer) => producer.slug);
  const emails = DEMO_ACCOUNTS.map((account) => normalizeEmail(account.email));
  const insights = INSIGHTS_PRODUCER_SLUGS.map((slug) => ({
    slug,
    prefix: insightsSeedKeyPrefix(slug),
  }));
  const result = await db.execute(sql`
    select
      (select count(*)::int from jsonb_to_recordset(${asJson(expectedTags)})
          as d(id int, category int, name text)
        join ${tags} t on t.name = d.name
          and t.categorized_by_id is not distinct from d.category
          and (d.id is null or t.id = d.id)) = ${expectedTags.length}
      and (select count(*)::int from ${businesses}
        where slug in (select jsonb_array_elements_text(${asJson(slugs)}))) = ${slugs.length}
      and (select count(*)::int from ${users}
        where email in (select jsonb_array_elements_text(${asJson(emails)}))) = ${emails.length}
      and exists (select 1 from ${banners})
      and exists (select 1 from ${clubs})
      and exists (select 1 from ${events})
      and exists (select 1 from ${campaigns})
      and exists (select 1 from ${privacyRequests})
      and not exists (
        select 1 from jsonb_to_recordset(${asJson(insights)}) as i(slug text, prefix text)
        join ${businesses} b on b.slug = i.slug
        where not exists (
          select 1 from ${checkouts} c where c.idempotency_key like i.prefix || '%'))
      as present`);
  return rowsOf<{ present: boolean }>(result)[0]?.present === true;
}
