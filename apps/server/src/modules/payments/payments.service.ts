import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { DomainError } from '../../platform/domain-error';
import { businesses, paymentAccounts } from '../../db/tables';
import type { BusinessRow } from '../businesses/index';
import { releaseHeldPayouts } from '../payouts/index';
import type { OfflineOnboardingInput } from '@bevy/core/schemas';
import { createOfflineProvider, offlineVerification } from './offline-provider';
import type { PaymentAccountState } from '../../platform/payment-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

type PaymentsContext = Pick<ServiceContext, 'db' | 'payments' | 'log'>;

/**
 * Stripe when a secret key is configured; otherwise the offline stand-in for its test mode, which
 * keeps saved cards and their charges in `db`.
 */
export function paymentProviderFor(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'publicUrl'>,
  db: Db,
) {
  return config.STRIPE_SECRET_KEY
    ? createStripeProvider(createStripeClient(config.STRIPE_SECRET_KEY), {
        publicUrl: config.publicUrl,
      })
    : createOfflineProvider(db);
}

/** A refusal of the payment connection that the seller can understand. */
const NOT_STARTED: PaymentAccountState = {
  details_submitted: false,
  charges_enabled: false,
  payouts_enabled: false,
};

export async function findPaymentAccount(
  ctx: Pick<ServiceContext, 'db'>,
  businessId: number,
): Promise<PaymentAccountRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.business_id, businessId))
    .limit(1);
  return row;
}

/** Stores a new account unless the business got one meanwhile; returns the one that is stored. */
async function storeNewAccount(
  ctx: PaymentsContext,
  businessId: number,
  accountId: string,
): Promise<PaymentAccountRow> {
  const stored = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(paymentAccounts)
      .values({ business_id: businessId, provider: ctx.payments.kind, account_id: accountId })
      .onConflictDoNothing({ target: paymentAccounts.business_id })
      .returning();
    if (inserted) {
      await tx
        .update(businesses)
        .set({ stripe_account_id: accountId, updated_at: new Date() })
        .where(eq(businesses.id, businessId));
    }
    return inserted;
  });
  if (stored) return stored;
  const winner = (await findPaymentAccount(ctx, businessId))!;
  if (winner.account_id !== accountId) await discardQuietly(ctx, accountId);
  return winner;
}

/**
 * An offline (test-mode) account is replaced by a real one once Stripe is configured; the
 * conditional update lets only one of several concurrent requests do it.
 */
async function replaceOfflineAccount(
  ctx: PaymentsContext,
  business: BusinessRow,
): Promise<PaymentAccountRow> {
  const accountId = await ctx.payments.createAccount(business);
  const replaced = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(paymentAccounts)
      .set({
        provider: ctx.payments.kind,
        account_id: accountId,
        ...NOT_STARTED,
        updated_at: new Date(),
      })
      .where(
        and(eq(paymentAccounts.business_id, business.id), eq(paymentAccounts.provider, 'offline')),
      )
      .returning();
    if (updated) {
      await tx
        .update(businesses)
        .set({ stripe_account_id: accountId, updated_at: new Date() })
        .where(eq(businesses.id, business.id));
    }
    return updated;
  });
  if (replaced) return replaced;
  const winner = (await findPaymentAccount(ctx, business.id))!;
  if (winner.account_id !== accountId) await discardQuietly(ctx, accountId);
  return winner;
}

/** The undo of `createAccount`; a failure leaves an unused account behind, which is only logged. */
async function discardQuietly(ctx: PaymentsContext, accountId: string) {
  try {
    await ctx.payments.discardAccount(accountId);
  } catch (error) {
    ctx.log.warn({ err: error, accountId }, 'could not remove an unused connected account');
  }
}

/**
 * The business's connected account with the active provider, opened when it has none (or only
 * an offline one while Stripe is configured). Concurrent calls end with one stored account.
 */
export async function ensurePaymentAccount(
  ctx: PaymentsContext,
  business: BusinessRow,
): Promise<PaymentAccountRow> {
  const existing = await findPaymentAccount(ctx, business.id);
  if (existing?.provider === ctx.payments.kind) return existing;
  if (existing?.provider === 'offline') return replaceOfflineAccount(ctx, business);
  if (existing) {
    throw new DomainError(
      'PAYMENT_PROVIDER_NOT_CONFIGURED',
      'This business’s payments are connected to Stripe, which is not configured on this server.',
    );
  }
  const accountId = await ctx.payments.createAccount(business);
  return storeNewAccount(ctx, business.id, accountId);
}

/** Opens the account when needed and returns where the seller continues onboarding. */
export async function startOnboarding(ctx: PaymentsContext, business: BusinessRow) {
  const account = await ensurePaymentAccount(ctx, business);
  return ctx.payments.onboardingUrl(account.account_id, business.slug);
}

async function cacheState(
  ctx: Pick<ServiceContext, 'db'>,
  businessId: number,
  state: PaymentAccountState,
): Promise<void> {
  await ctx.db
    .update(paymentAccounts)
    .set({ ...state, updated_at: new Date() })
    .where(eq(paymentAccounts.business_id, businessId));
}

/**
 * Whether the business can take payments: read from the provider when it keeps the record
 * (Stripe) and cached in our table; our table otherwise. An account of a provider that is not
 * active (an offline one once Stripe is configured) cannot take real payments, so counts as not
 * started.
 */
export async function currentPaymentState(
  ctx: PaymentsContext,
  businessId: number,
): Promise<PaymentAccountState> {
  const account = await findPaymentAccount(ctx, businessId);
  if (!account) return NOT_STARTED;
  const cached: PaymentAccountState = {
    details_submitted: account.details_submitted,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
  };
  if (account.provider !== ctx.payments.kind) {
    return account.provider === 'offline' ? NOT_STARTED : cached;
  }
  let fresh: PaymentAccountState | undefined;
  try {
    fresh = await ctx.payments.retrieveState(account.account_id);
  } catch (error) {
    // The last known state is better than no page: Stripe may be briefly unreachable.
    ctx.log.warn({ err: error, businessId }, 'payment account state not refreshed');
    return cached;
  }
  if (!fresh) return cached;
  const changed = (Object.keys(fresh) as (keyof PaymentAccountState)[]).some(
    (key) => fresh[key] !== cached[key],
  );
  if (changed) {
    await cacheState(ctx, businessId, fresh);
    // Orders paid while the producer could not take payouts were held for it until now.
    if (fresh.charges_enabled) await releaseHeldPayouts(ctx, businessId);
  }
  return fresh;
}

/** GetMyStripeInfo's answer, exactly as the original: `{"charges_enabled":…,"details_submitted":…}`. */
export async function stripeInfoJson(ctx: PaymentsContext, businessId: number): Promise<string> {
  const state = await currentPaymentState(ctx, businessId);
  return JSON.stringify({
    charges_enabled: state.charges_enabled,
    details_submitted: state.details_submitted,
  });
}

/** An offline account with its business, for the offline onboarding page. */
export async function findOfflineAccount(ctx: Pick<ServiceContext, 'db'>, accountId: string) {
  const [row] = await ctx.db
    .select({ account: paymentAccounts, business: businesses })
    .from(paymentAccounts)
    .innerJoin(businesses, eq(businesses.id, paymentAccounts.business_id))
    .where(and(eq(paymentAccounts.account_id, accountId), eq(paymentAccounts.provider, 'offline')))
    .limit(1);
  return row;
}

/**
 * Offline onboarding submitted: the account takes the state Stripe's test mode would give it.
 * Nothing typed into the form is stored; only the outcome is.
 */
export async function completeOfflineOnboarding(
  ctx: PaymentsContext,
  account: PaymentAccountRow,
  input: OfflineOnboardingInput,
): Promise<PaymentAccountState> {
  const state = offlineVerification(input);
  await cacheState(ctx, account.business_id, state);
  if (state.charges_enabled) await releaseHeldPayouts(ctx, account.business_id);
  return state;
}
