// `npm run seed:large -- --products 100000`: grows the catalog for benchmarks by generating
// products across the demo producers (idempotent: the same handles are generated each time).
import { parseArgs } from 'node:util';
import { asc, inArray } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/client';
import { businesses } from '../../db/tables';
import { PRODUCERS, generateProducts } from './catalog';
import { insertProducts, seedDemoData } from './seed';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' } },
});
const total = Number(values.products);
if (!Number.isInteger(total) || total < 1 || total > 5_000_000) {
  process.stderr.write('--products must be a whole number from 1 to 5,000,000\n');
  process.exit(2);
}

const LARGE_CATALOG_SEED = 7;
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await seedDemoData(database.db);
  const rows = await database.db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businesses)
    .where(
      inArray(
        businesses.slug,
        PRODUCERS.map((producer) => producer.slug),
      ),
    )
    .orderBy(asc(businesses.id));
  const idBySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const producers = PRODUCERS.filter((producer) => idBySlug.has(producer.slug));
  const started = performance.now();
  let added = 0;
  for (const [index, producer] of producers.entries()) {
    const share = Math.floor(total / producers.length) + (index < total % producers.length ? 1 : 0);
    const generated = generateProducts(producer, share, LARGE_CATALOG_SEED).map((product) => ({
      ...product,
      handle: `bulk-${product.handle}`,
      status: 'published' as const,
    }));
    added += await insertProducts(
      database.db,
      generated.map((product) => ({ businessId: idBySlug.get(producer.slug)!, producer, product })),
    );
    process.stdout.write(`\r${producer.slug}: ${added} products added`.padEnd(70));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\nAdded ${added} products (of ${total} requested) in ${seconds} s.\n`);
} finally {
  await database.close();
}
