import { randomInt } from 'node:crypto';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { DEMO_ACTORS, type Actor, type DemoActor } from '../apps/server/src/test/demo-actors';

/**
 * Journeys' people. Sessions are made through the API (the logIn and signUp mutations over the
 * context's request, whose cookie the context's pages share): the form is tested once, in
 * accounts.spec.ts. Every context made here is closed when the test ends.
 */

export { expect };
export { DEMO_ACTORS, type Actor, type DemoActor };

/** Who a fresh account is, and the page it is logged in on. */
export interface FreshAccount {
  account: Actor;
  page: Page;
}

/** A business made for one test, in the shape the journeys read. */
export interface Workplace {
  id: number;
  name: string;
  slug: string;
  fulfillment_allow_pickup_retail: boolean;
  fulfillment_ship_retail: boolean;
  ship_to_states: string[];
}

export interface FreshSeller extends FreshAccount {
  business: Pick<Workplace, 'id' | 'name' | 'slug'>;
}

/** A new business's fields (CreateBusinessInput), e.g. `{ sales_tax_rate: 8.875 }`. */
export type BusinessSettings = Record<string, unknown>;

interface People {
  /** A new page, in a context of its own, logged in as the demo account that plays `actor`. */
  loggedInAs: (actor: DemoActor) => Promise<Page>;
  /** A retail buyer made for this test only, logged in on a page of its own. */
  freshBuyer: () => Promise<FreshAccount>;
  /** A seller made for this test only, with a business of their own, logged in. */
  freshSeller: (business?: BusinessSettings) => Promise<FreshSeller>;
}

export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables }, headers });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors || !body.data) throw new Error(`GraphQL refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const MAIL_OUTBOX = `
  query Mail {
    mailOutbox(limit: 100) {
      messages { to subject text }
    }
  }
`;

/**
 * The newest email to `to` whose subject matches, read as the admin reads the outbox (the journey
 * server has no SMTP; the mail tests use a real SMTP server). Waits up to 20 s for it to be sent.
 */
export async function lastMail(admin: Page, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const { mailOutbox } = await graphql<{
      mailOutbox: { messages: { to: string; subject: string; text: string }[] };
    }>(admin.context().request, MAIL_OUTBOX);
    found = mailOutbox.messages.find(
      (message) => message.to === to.toLowerCase() && subject.test(message.subject),
    );
    expect(found).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return found!;
}

const LOG_IN =
  'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }';
const SIGN_UP = 'mutation SignUp($input: SignUpInput!) { signUp(input: $input) { id } }';
const CREATE_BUSINESS = `
  mutation CreateBusiness($business: CreateBusinessInput!) {
    upsertWorkplace(works_at: $business) {
      id
      name
      slug
    }
  }
`;

/** Unique within a run, retries and parallel workers included. */
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export const test = base.extend<People>({
  loggedInAs: async ({ browser, baseURL }, use) => {
    const contexts = new Contexts(browser, baseURL);
    await use(async (actor) => {
      const context = await contexts.open();
      const { email, password } = DEMO_ACTORS[actor];
      await graphql(context.request, LOG_IN, { email, password });
      return context.newPage();
    });
    await contexts.close();
  },

  freshBuyer: async ({ browser, baseURL }, use) => {
    const contexts = new Contexts(browser, baseURL);
    await use(async () => {
      const context = await contexts.open();
      const account = await signUp(context, 'Bea Buyer', 'buyer');
      return { account, page: await context.newPage() };
    });
    await contexts.close();
  },

  freshSeller: async ({ browser, baseURL }, use) => {
    const contexts = new Contexts(browser, baseURL);
    await use(async (settings = {}) => {
      const context = await contexts.open();
      const account = await signUp(context, 'Rae Producer', 'producer');
      const { upsertWorkplace: business } = await graphql<{
        upsertWorkplace: FreshSeller['business'];
      }>(context.request, CREATE_BUSINESS, {
        business: { name: `Fresh Cellars ${stamp()}`, ...settings },
      });
      return { account, business, page: await context.newPage() };
    });
    await contexts.close();
  },
});

/** Browser contexts of one test, on the test's site (stripe-checkout.spec.ts uses another). */
class Contexts {
  private readonly opened: BrowserContext[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string | undefined,
  ) {}

  async open(): Promise<BrowserContext> {
    const context = await this.browser.newContext({ baseURL: this.baseURL });
    // The packing slip offers the print dialog at once; here it only records that it did.
    await context.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    this.opened.push(context);
    return context;
  }

  close(): Promise<void[]> {
    return Promise.all(this.opened.map((context) => context.close()));
  }
}

async function signUp(context: BrowserContext, name: string, kind: string): Promise<Actor> {
  const account = {
    name,
    email: `${kind}-${stamp()}@example.com`,
    password: 'amber-fermenter-7734',
  };
  // From an address of its own, as a person signs up from their own network: the server allows
  // a network 10 sign-ups an hour, and believes X-Forwarded-For from the loopback in journeys
  // (scripts/e2e-server.mjs).
  await graphql(
    context.request,
    SIGN_UP,
    { input: { ...account, dateOfBirth: '1985-02-03' } },
    { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  );
  return account;
}
