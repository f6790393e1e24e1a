import { inArray, sql } from 'drizzle-orm';
import type zipcodeTable from 'zipcodes';
import type { Db } from '../../db/client';
import {
  addresses,
  banners,
  businessMembers,
  businessTags,
  businesses,
  priceTiers,
  products,
  tags,
  users,
} from '../../db/tables';
import { normalizeEmail } from '@bevy/core';
import { hashPassword } from '../accounts/index';
import { buildDemoCatalog } from './catalog';
import { seedDemoClubs } from './clubs';
import { seedDemoEvents } from './events';
import { seedDemoMarketing } from './marketing';
import { seedDemoInsights } from './insights';
import { demoDataPresent } from './demo-data-present';
import { seedDemoPrivacyRequests } from './privacy';
import { demoFulfillmentFees } from './catalog/fees';
import type { DemoProducer, DemoProduct } from './catalog/types';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { FIRST_GENERATED_TAG_ID, TAG_CATEGORIES } from './tag-catalog';

export interface SeedReport {
  producersAdded: number;
  productsAdded: number;
  accountsAdded: number;
}

const INSERT_BATCH = 1000;

async function insertInBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += INSERT_BATCH)
    await insert(items.slice(i, i + INSERT_BATCH));
}

async function seedTags(db: Db): Promise<Map<string, number>> {
  await db
    .insert(tags)
    .values(TAG_CATEGORIES.map(({ id, name }) => ({ id, name, categorized_by_id: null })))
    .onConflictDoNothing();
  // Generated ids must start above the hand-assigned category ids, or they collide with them.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('tags', 'id'), greatest((select max(id) from tags), ${FIRST_GENERATED_TAG_ID}))`,
  );
  await db
    .insert(tags)
    .values(
      TAG_CATEGORIES.flatMap((category) =>
        category.tags.map((name) => ({ name, categorized_by_id: category.id })),
      ),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(tags);
  const categoryNames = new Map(TAG_CATEGORIES.map((category) => [category.id, category.name]));
  return new Map(
    rows
      .filter((row) => row.categorized_by_id !== null)
      .map((row) => [`${categoryNames.get(row.categorized_by_id!)}/${row.name}`, row.id]),
  );
}

type ZipCodes = typeof zipcodeTable;

/** States that commonly allow direct-to-consumer shipping; demo shippers are licensed for these. */
const DEMO_SHIPPING_STATES = [
  'CA',
  'CO',
  'DC',
  'FL',
  'GA',
  'IL',
  'MA',
  'MN',
  'NY',
  'OR',
  'TX',
  'WA',
];

function businessValues(producer: DemoProducer) {
  const f = producer.fulfillment;
  const ships = f.shipRetail || f.shipWholesale;
  return {
    name: producer.name,
    slug: producer.slug,
    description: producer.description,
    license_info: producer.license_info,
    international_phone_number: producer.international_phone_number,
    hero_img_url: producer.heroImgUrl,
    logo_img_url: producer.logoImgUrl,
    website: producer.website,
    twitter: producer.twitter,
    instagram: producer.instagram,
    facebook: producer.facebook,
    linkedin: producer.linkedin,
    sales_tax_rate: producer.sales_tax_rate,
    fulfillment_allow_pickup_retail: f.pickupRetail,
    fulfillment_allow_pickup_wholesale: f.pickupWholesale,
    fulfillment_deliver_retail: f.deliverRetail,
    fulfillment_deliver_wholesale: f.deliverWholesale,
    fulfillment_ship_retail: f.shipRetail,
    fulfillment_ship_wholesale: f.shipWholesale,
    fulfillment_deliver_retail_radius_miles: f.deliverRetailRadiusMiles ?? null,
    fulfillment_deliver_wholesale_radius_miles: f.deliverWholesaleRadiusMiles ?? null,
    ship_to_states: ships ? [...new Set([producer.state, ...DEMO_SHIPPING_STATES])].sort() : [],
    pickup_hours: producer.pickup_hours,
    ...demoFulfillmentFees(producer.slug),
  };
}

function addressValues(producer: DemoProducer, businessId: number, zipcodes: ZipCodes) {
  const location = zipcodes.lookup(producer.postal_code);
  if (!location) throw new Error(`Demo producer ${producer.slug} has an unknown ZIP code`);
  return {
    business_id: businessId,
    street_number: producer.street_number,
    route: producer.route,
    locality: producer.locality,
    administrative_area_level_1: producer.state,
    administrative_area_level_2: producer.county,
    country: 'US',
    postal_code: producer.postal_code,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

function productValues(
  product: DemoProduct,
  producer: Pick<DemoProducer, 'name'>,
  businessId: number,
) {
  return {
    business_id: businessId,
    handle: product.handle,
    name: product.name,
    short_description: product.short_description,
    bottle_image_url: product.bottleImageUrl,
    beverage_type: product.beverageType,
    produced_by: producer.name,
    abv: product.abv.toFixed(1),
    varietal: product.varietal,
    closure_style: product.closure_style,
    format: product.format,
    vintage: product.vintage,
    volume_ml: product.volume_ml,
    status: product.status,
  };
}

/** Inserts products and their price tiers; products whose handle exists are left alone. */
export async function insertProducts(
  db: Db,
  entries: { businessId: number; producer: Pick<DemoProducer, 'name'>; product: DemoProduct }[],
): Promise<number> {
  let added = 0;
  await insertInBatches(entries, async (batch) => {
    const inserted = await db
      .insert(products)
      .values(
        batch.map(({ product, producer, businessId }) =>
          productValues(product, producer, businessId),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: products.id, business_id: products.business_id, handle: products.handle });
    added += inserted.length;
    const byKey = new Map(
      batch.map((entry) => [`${entry.businessId}/${entry.product.handle}`, entry.product]),
    );
    const tierRows = inserted.flatMap((row) => {
      const product = byKey.get(`${row.business_id}/${row.handle}`)!;
      return [
        ...product.retail.map((tier) => ({
          product_id: row.id,
          channel: 'retail' as const,
          ...tier,
        })),
        ...product.wholesale.map((tier) => ({
          product_id: row.id,
          channel: 'wholesale' as const,
          ...tier,
        })),
      ];
    });
    await insertInBatches(tierRows, (tierBatch) => db.insert(priceTiers).values(tierBatch));
  });
  return added;
}

async function seedProducers(db: Db, catalog: DemoProducer[], tagIds: Map<string, number>) {
  const existing = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(
      inArray(
        businesses.slug,
        catalog.map((producer) => producer.slug),
      ),
    );
  const existingSlugs = new Set(existing.map((row) => row.slug));
  const missing = catalog.filter((producer) => !existingSlugs.has(producer.slug));
  if (missing.length === 0) return { producersAdded: 0, productsAdded: 0 };

  const inserted = await db
    .insert(businesses)
    .values(missing.map(businessValues))
    .onConflictDoNothing()
    .returning({ id: businesses.id, slug: businesses.slug });
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  const added = missing.filter((producer) => idBySlug.has(producer.slug));

  // A large table, loaded only when producers are added rather than on every start.
  const { default: zipcodes } = await import('zipcodes');
  await db
    .insert(addresses)
    .values(added.map((p) => addressValues(p, idBySlug.get(p.slug)!, zipcodes)));
  const tagRows = added.flatMap((producer) => {
    const businessId = idBySlug.get(producer.slug)!;
    return [
      ...producer.businessTypes.map((name) => tagIds.get(`Business Type/${name}`)),
      ...producer.featureTags.map((name) => tagIds.get(`Feature/${name}`)),
    ]
      .filter((id): id is number => id !== undefined)
      .map((tag_id) => ({ business_id: businessId, tag_id }));
  });
  if (tagRows.length > 0) await db.insert(businessTags).values(tagRows).onConflictDoNothing();

  const productsAdded = await insertProducts(
    db,
    added.flatMap((producer) =>
      producer.products.map((product) => ({
        businessId: idBySlug.get(producer.slug)!,
        producer,
        product,
      })),
    ),
  );
  return { producersAdded: added.length, productsAdded };
}

function isoDateInDays(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

async function seedAccounts(db: Db, catalog: DemoProducer[]): Promise<number> {
  const emails = DEMO_ACCOUNTS.map((account) => normalizeEmail(account.email));
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const existingEmails = new Set(existing.map((row) => row.email));
  let added = 0;
  for (const account of DEMO_ACCOUNTS) {
    const email = normalizeEmail(account.email);
    if (existingEmails.has(email)) continue;
    const [user] = await db
      .insert(users)
      .values({
        name: account.name,
        email,
        password_hash: await hashPassword(account.password),
        is_admin: account.isAdmin,
        date_of_birth: '1988-06-15',
        wholesale_access_expires_on: account.wholesale ? isoDateInDays(365) : null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    added++;
    const workplaceSlugs = catalog.slice(0, account.workplaces).map((producer) => producer.slug);
    if (workplaceSlugs.length === 0) continue;
    const workplaces = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(inArray(businesses.slug, workplaceSlugs));
    await db
      .insert(businessMembers)
      .values(workplaces.map((business) => ({ user_id: user.id, business_id: business.id })))
      .onConflictDoNothing();
  }
  return added;
}

const DEMO_BANNERS = [
  {
    type: 'info',
    lines: [
      'Welcome to Bevy: wine, beer, cider, spirits and more, straight from the people who make them.',
    ],
    link_url: '/sell',
    link_title: 'Sell on Bevy',
    dismissible: true,
    position: 0,
  },
  {
    type: 'success',
    lines: [
      'Wholesale buyers: apply once with your license and see trade pricing from every producer.',
    ],
    link_url: '/about',
    link_title: 'Learn more',
    dismissible: true,
    position: 1,
  },
  {
    type: 'warning',
    lines: ['You must be 21 or older to buy alcoholic beverages. Please drink responsibly.'],
    link_url: '/tos',
    link_title: 'Terms of Service',
    dismissible: false,
    position: 2,
  },
];

async function seedBanners(db: Db): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(banners);
  if ((row?.count ?? 0) > 0) return;
  await db.insert(banners).values(DEMO_BANNERS);
}

/** Adds whatever part of the demo data is missing; running it again changes nothing. */
export async function seedDemoData(db: Db): Promise<SeedReport> {
  if (await demoDataPresent(db)) return { producersAdded: 0, productsAdded: 0, accountsAdded: 0 };
  const catalog = buildDemoCatalog();
  const report = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const tagIds = await seedTags(txDb);
    const { producersAdded, productsAdded } = await seedProducers(txDb, catalog, tagIds);
    const accountsAdded = await seedAccounts(txDb, catalog);
    await seedBanners(txDb);
    return { producersAdded, productsAdded, accountsAdded };
  });
  // After the catalog is committed: the clubs' first release runs as the app runs it, in
  // transactions of its own.
  await seedDemoClubs(db);
  await seedDemoEvents(db);
  await seedDemoMarketing(db);
  await seedDemoInsights(db);
  await seedDemoPrivacyRequests(db);
  return report;
}
