import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, createProduct } from '../checkout/checkout-fixtures';
import {
  ADVANCE,
  checkOutOne,
  createUser,
  mutateOrder,
  orderAs,
  REFUND_LINE,
  type PlacedOrder,
  type TestUser,
} from './order-management-fixtures';

let t: TestApp;
let webDir: string;
const db = () => t.database.db;
let shop: { id: number; name: string; slug: string };
let secondShop: { id: number; name: string; slug: string };
let otherShop: { id: number; name: string; slug: string };
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let formula: PlacedOrder;
let quoted: PlacedOrder;
let second: PlacedOrder;
let others: PlacedOrder;

beforeAll(async () => {
  // A stand-in for the built web app, so the SPA fallback is active as in production.
  webDir = await mkdtemp(path.join(tmpdir(), 'orders-csv-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--public-config--></head><body>web app</body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: webDir });
  shop = await createProducer(db(), { name: 'Hood, River & "Sons"', sales_tax_rate: '0' });
  secondShop = await createProducer(db(), { sales_tax_rate: '0' });
  otherShop = await createProducer(db());
  seller = await createUser(t.app, db(), { businessIds: [shop.id, secondShop.id] });
  otherSeller = await createUser(t.app, db(), { businessIds: [otherShop.id] });
  buyer = await createUser(t.app, db());
  const wine = await createProduct(db(), shop.id, { name: 'Pinot, Reserve', retail: [[1, 2500]] });
  const cider = await createProduct(db(), secondShop.id, { name: 'Dry Cider', retail: [[1, 999]] });
  const stout = await createProduct(db(), otherShop.id, { retail: [[1, 1000]] });
  const contact = (name: string, email: string) => ({
    contact: { name, email, phone: '(503) 555-0142' },
  });
  formula = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 2 }], shop.id, {
    ...contact('=HYPERLINK("http://evil.example","Click")', 'formula@bevy.example'),
  });
  quoted = await checkOutOne(t.app, buyer, [{ productId: wine.id, quantity: 1 }], shop.id, {
    ...contact('Jo "JJ" Smith, Jr.', 'jo@bevy.example'),
  });
  second = await checkOutOne(t.app, buyer, [{ productId: cider.id, quantity: 3 }], secondShop.id);
  others = await checkOutOne(t.app, buyer, [{ productId: stout.id, quantity: 1 }], otherShop.id);
  await mutateOrder(t.app, seller, ADVANCE, { id: quoted.id, to: 'accepted' });
  const lineId = (await orderAs(t.app, seller, formula.id))!.lines[0]!.id;
  await mutateOrder(t.app, seller, REFUND_LINE, { orderId: formula.id, lineId, quantity: 1 });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const download = (who: Pick<TestUser, 'cookie'> | null, query = '', accept = 'text/csv') =>
  t.app.inject({
    method: 'GET',
    url: `/business/orders.csv${query}`,
    headers: { accept, ...(who ? { cookie: who.cookie } : {}) },
  });

/** A CSV body as rows of cells (RFC 4180: quoted cells may hold commas, quotes, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quotedCell = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quotedCell) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quotedCell = false;
      else cell += character;
    } else if (character === '"') quotedCell = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  return rows;
}

describe('GET /business/orders.csv', () => {
  it('downloads the seller’s orders as a spreadsheet', async () => {
    const response = await download(seller);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Order number',
      'Placed at',
      'Business',
      'Status',
      'Buyer',
      'Email',
      'Phone',
      'Fulfillment',
      'Items',
      'Subtotal',
      'Tax and fees',
      'Delivery or shipping fee',
      'Total',
      'Refunded',
      'Commission',
      'Net',
      'Source',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      second.number,
      quoted.number,
      formula.number,
    ]);
    const byNumber = new Map(rows.slice(1).map((row) => [row[0], row]));
    const formulaRow = byNumber.get(formula.number)!;
    // The formula is shown as text, never run; so is the phone number's leading +.
    expect(formulaRow[4]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(formulaRow[6]).toBe("'+15035550142");
    expect(formulaRow.slice(2, 4)).toEqual(['Hood, River & "Sons"', 'Placed']);
    expect(formulaRow[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(formulaRow.slice(7)).toEqual([
      'Pickup',
      '2 × Pinot, Reserve',
      '50.00',
      '0.00',
      '0.00',
      '50.00',
      // One of two bottles refunded: $25.00 back, commission on $25.00 kept.
      '25.00',
      '2.00',
      '23.00',
      '',
    ]);
    const quotedRow = byNumber.get(quoted.number)!;
    expect(quotedRow.slice(3, 6)).toEqual(['Accepted', 'Jo "JJ" Smith, Jr.', 'jo@bevy.example']);
    expect(response.body).toContain('"Jo ""JJ"" Smith, Jr."');
    expect(byNumber.get(second.number)!.slice(8, 16)).toEqual([
      '3 × Dry Cider',
      '29.97',
      '0.00',
      '0.00',
      '29.97',
      '0.00',
      '2.40',
      '27.57',
    ]);
  });

  it('takes the same filters as the list', async () => {
    const numbers = async (query: string) =>
      parseCsv((await download(seller, query)).body)
        .slice(1)
        .map((row) => row[0]);
    expect(await numbers('?status=accepted')).toEqual([quoted.number]);
    expect(await numbers(`?businessId=${secondShop.id}`)).toEqual([second.number]);
    expect(await numbers('?search=jo%40bevy')).toEqual([quoted.number]);
    expect(await numbers(`?search=${formula.number.toLowerCase()}`)).toEqual([formula.number]);
    expect(await numbers('?search=%25')).toEqual([]);
    expect(await numbers('?status=&businessId=&search=')).toHaveLength(3);
  });

  it('shows nobody else’s orders', async () => {
    const theirs = await download(otherSeller);
    expect(theirs.statusCode).toBe(200);
    expect(
      parseCsv(theirs.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([others.number]);
    const forbidden = await download(otherSeller, `?businessId=${shop.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const aBuyer = await download(buyer);
    expect(parseCsv(aBuyer.body)).toHaveLength(1);
  });

  it('answers 401 to visitors and 400 to bad filters', async () => {
    const anonymous = await download(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    // Even when a browser asks for a page: the export is not the web app.
    expect((await download(null, '', 'text/html')).statusCode).toBe(401);
    for (const query of ['?status=awaiting_payment', '?businessId=abc', '?businessId=-1']) {
      const response = await download(seller, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('leaves the web app’s /business/orders page alone', async () => {
    for (const url of ['/business/orders', '/business/orders?status=placed']) {
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', cookie: seller.cookie },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('web app');
    }
  });
});
