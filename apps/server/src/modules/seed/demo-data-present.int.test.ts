import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, businesses, checkouts, tags, users } from '../../db/tables';
import { createTestDatabase } from '../../test/test-app';
import { demoDataPresent } from './demo-data-present';
import { seedDemoData } from './seed';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the start-up check for demo data', () => {
  it('finds a seeded database complete', async () => {
    expect(await demoDataPresent(database.database.db)).toBe(true);
  });

  it('finds each missing part, which seeding then adds back', async () => {
    const db = database.database.db;
    const [before] = await db.select({ n: count() }).from(banners);
    await db.delete(banners);
    expect(await demoDataPresent(db)).toBe(false);
    await seedDemoData(db);
    expect(await demoDataPresent(db)).toBe(true);
    expect((await db.select({ n: count() }).from(banners))[0]).toEqual(before);

    await db.delete(tags).where(eq(tags.name, 'Gift Set'));
    expect(await demoDataPresent(db)).toBe(false);
    await seedDemoData(db);
    expect(await demoDataPresent(db)).toBe(true);

    await db
      .update(users)
      .set({ email: 'someone-else@example.com' })
      .where(eq(users.email, 'buyer@bevy.example'));
    expect(await demoDataPresent(db)).toBe(false);
    await db
      .update(users)
      .set({ email: 'buyer@bevy.example' })
      .where(eq(users.email, 'someone-else@example.com'));

    const [producer] = await db
      .select({ slug: businesses.slug })
      .from(businesses)
      .where(eq(businesses.slug, 'cascadia-hollow-cellars'));
    expect(producer).toBeDefined();
    await db
      .update(checkouts)
      .set({ idempotency_key: sql`'moved-' || ${checkouts.id}` })
      .where(like(checkouts.idempotency_key, 'seed-insights-cascadia-hollow-cellars-%'));
    expect(await demoDataPresent(db)).toBe(false);
  });
});
