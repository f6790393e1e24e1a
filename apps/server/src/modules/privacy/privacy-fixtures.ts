import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import {
  follows,
  marketingConsents,
  memberships,
  savedAddresses,
  wholesaleApplications,
} from '../../db/tables';
import { gql } from '../../test/graphql-client';
import type { TestApp } from '../../test/test-app';
import { createProducer, createProduct } from '../checkout/checkout-fixtures';
import { createClubWorld } from '../clubs/club-fixtures';
import { createTestEvent, ticketLine } from '../events/event-fixtures';
import {
  ADVANCE,
  checkOutOne,
  createUser,
  PLACE_ORDER,
  type TestUser,
} from '../orders/order-management-fixtures';
import { orderRequest } from '../checkout/checkout-fixtures';

/** Two people with every kind of record, for the export and erasure tests. */

/** The test accounts' password (createUser). */
export const PASSWORD = 'orders-test-password-1';
export const PREVIEW = `{ accountDeletionPreview { group what outcome } }`;
export const DELETE = `mutation($password: String!, $email: String!) {
  deleteMyAccount(password: $password, email: $email) {
    cancelledOrders keptOrders refundedTickets endedMemberships
  }
}`;

export interface World {
  shop: { id: number; name: string; slug: string };
  productId: number;
  seller: TestUser;
  clubId: number;
  tierId: number;
  ticketTypeId: number;
}

export interface Person {
  user: TestUser;
  name: string;
  phone: string;
  line1: string;
  /** The order left placed (cancelled by a deletion), then the shipped one, then the ticket's. */
  orders: { id: number; number: string }[];
  licence: string;
}

export async function createWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const shop = await createProducer(db, {
    fulfillment_allow_pickup_retail: true,
    fulfillment_ship_retail: true,
    ship_to_states: ['OR'],
  });
  const product = await createProduct(db, shop.id, { retail: [[1, 2500]], stock: 100 });
  const seller = await createUser(t.app, db, { name: 'Sam Seller', businessIds: [shop.id] });
  const club = await createClubWorld(db);
  const event = await createTestEvent(db, shop.id, { refundDaysBefore: 0 });
  return {
    shop,
    productId: product.id,
    seller,
    clubId: club.clubId,
    tierId: club.tierIds[0]!,
    ticketTypeId: event.types[0]!.id,
  };
}

function contactOf(person: Omit<Person, 'user' | 'orders' | 'licence'>, email: string) {
  const address = {
    name: person.name,
    line1: person.line1,
    city: 'Portland',
    state: 'OR',
    zip: '97211',
  };
  return {
    contact: { name: person.name, email, phone: person.phone },
    billingAddress: address,
    address,
  };
}

export async function seedPerson(t: TestApp, world: World, tag: string): Promise<Person> {
  const db = t.database.db;
  const name = `${tag} Quill${randomBytes(2).toString('hex')}`;
  const user = await createUser(t.app, db, { name });
  const phone = `(503) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
  const line1 = `${Math.floor(100 + Math.random() * 800)} ${tag} Larkspur Way`;
  const { contact, billingAddress, address } = contactOf({ name, phone, line1 }, user.email);
  const lines = [{ productId: world.productId, quantity: 1 }];
  const ship = {
    contact,
    billingAddress,
    fulfillment: [{ businessId: world.shop.id, mode: 'ship', address }],
  };
  const open = await checkOutOne(t.app, user, lines, world.shop.id, ship);
  const shipped = await checkOutOne(t.app, user, lines, world.shop.id, ship);
  for (const to of ['accepted', 'shipped']) {
    const moved = await gql(
      t.app,
      ADVANCE,
      { id: shipped.id, to, trackingNumber: '1Z999AA10123456784' },
      { cookie: world.seller.cookie },
    );
    if (moved.body.errors) throw new Error(JSON.stringify(moved.body.errors));
  }
  const ticketOrder = await gql(
    t.app,
    PLACE_ORDER,
    {
      input: orderRequest([], [], {
        contact,
        billingAddress,
        tickets: [ticketLine(world.ticketTypeId, 1, [name])],
      }),
    },
    { cookie: user.cookie },
  );
  if (ticketOrder.body.errors) throw new Error(JSON.stringify(ticketOrder.body.errors));
  const ticketPlaced = (ticketOrder.body.data!.placeOrder as { orders: Person['orders'] })
    .orders[0]!;
  await seedRecords(db, world, { user, name, phone, line1, address });
  const licence = `licence-${tag}-${randomBytes(4).toString('hex')}.pdf`;
  const relative = path.join('licences', licence);
  await mkdir(path.join(t.config.UPLOADS_DIR, 'licences'), { recursive: true });
  await writeFile(path.join(t.config.UPLOADS_DIR, relative), `%PDF licence of ${name}`);
  await db.insert(wholesaleApplications).values({
    user_id: user.id,
    business_name: `${tag} Bottle Shop LLC`,
    license_type: 'OLCC off-premises',
    license_number: `LIC-${tag}-${randomBytes(3).toString('hex')}`,
    issuing_state: 'OR',
    license_expires_on: '2030-01-01',
    document_path: relative,
    document_name: licence,
    document_type: 'application/pdf',
  });
  return {
    user,
    name,
    phone,
    line1,
    licence,
    orders: [
      { id: open.id, number: open.number },
      { id: shipped.id, number: shipped.number },
      ticketPlaced,
    ],
  };
}

async function seedRecords(
  db: Db,
  world: World,
  p: {
    user: TestUser;
    name: string;
    phone: string;
    line1: string;
    address: ReturnType<typeof contactOf>['address'];
  },
) {
  const { address } = p;
  await db.insert(savedAddresses).values({
    user_id: p.user.id,
    label: 'Home',
    address: { ...address, line2: null },
    is_default: true,
  });
  await db.insert(memberships).values({
    club_id: world.clubId,
    tier_id: world.tierId,
    user_id: p.user.id,
    fulfillment_mode: 'ship',
    address: { ...address, line2: null },
    contact_phone: p.phone,
    card_customer_id: `cus_${randomBytes(6).toString('hex')}`,
    card_payment_method_id: `pm_${randomBytes(6).toString('hex')}`,
    card_brand: 'visa',
    card_last4: '4242',
    card_exp_month: 12,
    card_exp_year: 2034,
    renewal_consent_at: new Date(),
    renewal_terms: 'Renews each release until cancelled.',
    joined_on: '2026-11-01',
  });
  await db.insert(follows).values({ business_id: world.shop.id, user_id: p.user.id });
  await db.insert(marketingConsents).values({
    business_id: world.shop.id,
    user_id: p.user.id,
    email: p.user.email,
    status: 'subscribed',
    source: 'follow',
    consent_text: 'Send me news and offers by email.',
    requested_at: new Date(),
    requested_ip: '203.0.113.9',
    confirmed_at: new Date(),
  });
}

/** Every text or jsonb value in the database that contains `value`, as table.column. */
export async function whereFound(db: Db, value: string): Promise<string[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t
        on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'jsonb', 'character varying', 'json')`),
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [hit] = await rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where position(lower(${value}) in lower(${sql.identifier(column_name)}::text)) > 0`,
      ),
    );
    if (hit && hit.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}
