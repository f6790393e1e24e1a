import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';

/**
 * Orders placed through the real API for journeys about orders: logged-in contexts of the demo
 * accounts, a seller's products, and the placeOrder mutation paid with the offline provider's
 * succeeding test card.
 */

export const SELLER = { email: 'seller@bevy.example', password: 'bevy-seller-demo' };
export const BUYER = { email: 'buyer@bevy.example', password: 'bevy-buyer-demo' };
export const OTHER_BUYER = { email: 'wholesale@bevy.example', password: 'bevy-wholesale-demo' };

export interface Workplace {
  id: number;
  name: string;
  slug: string;
  fulfillment_allow_pickup_retail: boolean;
  fulfillment_ship_retail: boolean;
  ship_to_states: string[];
}

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

export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors || !body.data) throw new Error(`GraphQL refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A browser context logged in as `account` (the session cookie is the context's). */
export async function loggedIn(
  browser: Browser,
  account: { email: string; password: string },
): Promise<BrowserContext> {
  const context = await browser.newContext();
  // The packing slip offers the print dialog at once; here it only records that it did.
  await context.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  await graphql(
    context.request,
    'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
    account,
  );
  return context;
}

/** The demo seller and the demo buyer, each in a context of their own, and the seller's businesses. */
export async function sellerAndBuyer(browser: Browser) {
  const [sellerContext, buyerContext] = await Promise.all([
    loggedIn(browser, SELLER),
    loggedIn(browser, BUYER),
  ]);
  const data = await graphql<{ me: { works_at: Workplace[] } }>(
    sellerContext.request,
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
  return { sellerContext, buyerContext, businesses: data.me.works_at };
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

/** Places one order with `business` through the real checkout mutation, as the buyer. */
export async function placeOrder(
  buyer: APIRequestContext,
  business: Workplace,
  products: SellerProduct[],
  fulfillment: { mode: 'pickup'; payByInvoice?: boolean } | { mode: 'ship'; state: string },
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
        contact: { name: 'Riley Retail', email: BUYER.email, phone: '(503) 555-0142' },
        // Required of wholesale buyers (OTHER_BUYER), ignored for retail ones.
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
