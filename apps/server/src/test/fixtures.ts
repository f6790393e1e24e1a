import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businessMembers, businesses, users } from '../db/tables';
import { DEMO_ACTORS } from './demo-actors';

/** A business the demo seller works at, and one they do not. */
export async function sellerBusinessSlugs(db: Db): Promise<{ ownSlug: string; otherSlug: string }> {
  const [seller] = await db.select().from(users).where(eq(users.email, DEMO_ACTORS.seller.email));
  const own = await db
    .select({ slug: businesses.slug })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(businessMembers.user_id, seller!.id));
  const all = await db.select({ slug: businesses.slug }).from(businesses);
  const other = all.find((row) => !own.some((mine) => mine.slug === row.slug));
  return { ownSlug: own[0]!.slug, otherSlug: other!.slug };
}
