import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACTORS, graphql, type Actor, type Workplace } from './fixtures';

/**
 * Orders placed through the real API for journeys about orders: a seller's businesses and
 * products, and the placeOrder mutation paid with the offline provider's succeeding test card.
 */

export interface SellerProduct {
  id: number;
  name: string;
  status: string;
  stockCount: number | null;
  retailPricing: { price_per_unit: number; minimum_unit_count_for_price: number }[];
}

export interface PlacedOrder {
  id: number;
  number: string;
  businessId: number;
  totalCents: number;
  subtotalCents: number;
  lines: {
    productId: number;
    productName: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[];
}

/** The businesses the seller logged in on `seller` works at. */
export async function workplacesOf(seller: APIRequestContext): Promise<Workplace[]> {
  const data = await graphql<{ me: { works_at: Workplace[] } }>(
    seller,
    `
      {
        me {
          works_at {
            id
            name
            slug
            fulfillment_allow_pickup_retail
            fulfillment_ship_retail
            ship_to_states
          }
        }
      }
    `,
  );
  return data.me.works_at;
}

/** Published products with a retail price and enough stock, of a business the seller works at. */
export async function productsOf(
  seller: APIRequestContext,
  slug: string,
): Promise<SellerProduct[]> {
  const data = await graphql<{ businessProducts: SellerProduct[] }>(
    seller,
    `
      query ($slug: String!) {
        businessProducts(slug: $slug) {
          id
          name
          status
          stockCount
          retailPricing {
            price_per_unit
            minimum_unit_count_for_price
          }
        }
      }
    `,
    { slug },
  );
  return data.businessProducts.filter(
    (product) =>
      product.status === 'published' &&
      product.retailPricing.length > 0 &&
      (product.stockCount === null || product.stockCount >= 50),
  );
}

/** A published product made for the test, in the shape productsOf returns. */
export async function createProduct(
  seller: APIRequestContext,
  slug: string,
  retailPrice = 19.5,
  wholesalePrice: number | null = null,
): Promise<SellerProduct> {
  const name = `Zz Retired Cuvée ${Date.now()}`;
  const data = await graphql<{ createProduct: SellerProduct }>(
    seller,
    `
      mutation ($slug: String!, $input: ProductInput!) {
        createProduct(slug: $slug, input: $input) {
          id
          name
          status
          stockCount
          retailPricing {
            price_per_unit
            minimum_unit_count_for_price
          }
        }
      }
    `,
    {
      slug,
      input: {
        name,
        beverageType: 'Wine',
        shortDescription: 'Made by the orders journey and withdrawn again.',
        status: 'published',
        retailTiers: [{ minimum_unit_count_for_price: 1, price: retailPrice }],
        wholesaleTiers:
          wholesalePrice === null
            ? []
            : [{ minimum_unit_count_for_price: 1, price: wholesalePrice }],
      },
    },
  );
  return data.createProduct;
}

/** Units to order: the first tier's minimum, and at least 2 so that a line can be part-refunded. */
export const unitsOf = (product: SellerProduct) =>
  Math.max(2, Math.min(...product.retailPricing.map((tier) => tier.minimum_unit_count_for_price)));

/**
 * Places one order with `business` through the real checkout mutation, as the buyer logged in
 * on `buyer`; `contact` is who the order names (the demo buyer unless said).
 */
export async function placeOrder(
  buyer: APIRequestContext,
  business: Pick<Workplace, 'id'>,
  products: SellerProduct[],
  fulfillment: { mode: 'pickup'; payByInvoice?: boolean } | { mode: 'ship'; state: string },
  contact: Pick<Actor, 'email'> = DEMO_ACTORS.buyer,
): Promise<PlacedOrder> {
  const onInvoice = fulfillment.mode === 'pickup' && fulfillment.payByInvoice === true;
  const data = await graphql<{ placeOrder: { orders: PlacedOrder[] } }>(
    buyer,
    `
      mutation PlaceOrder($input: PlaceOrderInput!) {
        placeOrder(input: $input) {
          orders {
            id
            number
            businessId
            totalCents
            subtotalCents
            lines {
              productId
              productName
              quantity
              unitPriceCents
              lineTotalCents
            }
          }
        }
      }
    `,
    {
      input: {
        idempotencyKey: `e2e-orders-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        lines: products.map((product) => ({ productId: product.id, quantity: unitsOf(product) })),
        fulfillment: [
          fulfillment.mode === 'pickup'
            ? { businessId: business.id, mode: 'pickup', payByInvoice: onInvoice }
            : {
                businessId: business.id,
                mode: 'ship',
                address: {
                  name: 'Riley Retail',
                  line1: '12 Main St',
                  city: 'Springfield',
                  state: fulfillment.state,
                  zip: '97477',
                },
              },
        ],
        contact: { name: 'Riley Retail', email: contact.email, phone: '(503) 555-0142' },
        // Required of wholesale buyers, ignored for retail ones.
        buyingBusiness: 'Alder Street Bottle Shop LLC',
        billingAddress: { line1: '12 NE Alberta St', city: 'Portland', state: 'OR', zip: '97211' },
        ageConfirmed: true,
        ...(onInvoice
          ? {}
          : {
              payment: {
                card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
              },
            }),
      },
    },
  );
  const [order] = data.placeOrder.orders;
  if (!order) throw new Error('placeOrder made no order');
  return order;
}

/**
 * On the checkout page: a Portland phone and billing address, Stripe's succeeding test card and
 * the age confirmation, then places the order.
 */
export async function payAtCheckout(buyer: Page) {
  await buyer.getByLabel(/^Phone/).fill('(503) 555-0199');
  const billing = buyer.getByRole('group', { name: /billing address/ });
  await billing.getByLabel(/^Street address/).fill('12 NE Alberta St');
  await billing.getByLabel(/^City/).fill('Portland');
  await billing.getByRole('combobox', { name: 'State' }).fill('Oreg');
  await buyer.getByRole('option', { name: 'Oregon (OR)' }).click();
  await billing.getByLabel(/^ZIP code/).fill('97211');
  await buyer.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await buyer.getByLabel(/^Expiry/).fill('12/34');
  await buyer.getByLabel(/^Security code/).fill('123');
  await buyer.getByLabel(/21 or older/).check();
  await buyer.getByRole('button', { name: /and place order/ }).click();
}

/** Fills the checkout form for shipping to a Portland, OR address, paying with `cardNumber`. */
export async function fillShippingCheckout(page: Page, cardNumber: string) {
  await page.getByLabel(/^Phone/).fill('(503) 555-0199');
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await shipTo.getByLabel(/^Recipient’s name/).fill('Riley Retail');
  await shipTo.getByLabel(/^Street address/).fill('1220 SE Water Ave');
  await shipTo.getByLabel(/^City/).fill('Portland');
  await shipTo.getByRole('combobox', { name: 'State' }).fill('Oreg');
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await shipTo.getByLabel(/^ZIP code/).fill('97214');
  await page.getByLabel(/^Card number/).fill(cardNumber);
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByLabel(/21 or older/).check();
}
