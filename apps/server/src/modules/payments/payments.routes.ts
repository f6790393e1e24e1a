import { connectStatusPath, OFFLINE_ACCOUNT_ID } from '@bevy/core';
import { offlineOnboardingSchema } from '@bevy/core/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendError } from '../../http/errors';
import { requireMember } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { DomainError, notFound, unauthenticated } from '../../platform/domain-error';
import { findBusinessBySlug } from '../businesses/index';
import { PaymentProviderError, type PaymentProvider } from '../../platform/payment-provider';
import { completeOfflineOnboarding, findOfflineAccount, startOnboarding } from './payments.service';

const setupQuery = z.object({ slug: z.string().trim().min(1).max(200) });

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

const LOG_IN_TO_CONNECT = 'Log in to connect payments.';

const requireMemberOf = (ctx: ServiceContext, business: { id: number; name: string }) =>
  requireMember(
    ctx,
    business.id,
    `Only people who work at ${business.name} can connect its payments.`,
  );

/** The offline account named in the URL, for a member of its business. */
async function memberOfflineAccount(request: FastifyRequest) {
  const ctx = await request.serviceContext();
  if (!ctx.viewer) throw unauthenticated(LOG_IN_TO_CONNECT);
  const { accountId } = request.params as { accountId: string };
  const found = OFFLINE_ACCOUNT_ID.test(accountId)
    ? await findOfflineAccount(ctx, accountId)
    : undefined;
  if (!found) throw notFound('There is no offline payment account with that id.');
  await requireMemberOf(ctx, found.business);
  return { ctx, found };
}

/** The account as the onboarding page shows it; nothing the seller typed is ever returned. */
function accountView(found: NonNullable<Awaited<ReturnType<typeof findOfflineAccount>>>) {
  const { account, business } = found;
  return {
    account: {
      id: account.account_id,
      details_submitted: account.details_submitted,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
    },
    business: { name: business.name, slug: business.slug },
  };
}

function sendFieldErrors(reply: FastifyReply, issues: z.core.$ZodIssue[]) {
  const fields: Record<string, string> = {};
  for (const { path, message } of issues) {
    const key = path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = message;
  }
  const first = issues[0];
  return reply.status(400).send({
    error: {
      code: 'BAD_USER_INPUT',
      message: first?.message ?? 'Check the form and try again.',
      ...(first?.path.length ? { field: first.path.map(String).join('.') } : {}),
      fields,
    },
  });
}

/**
 * The payment connection: `GET /stripe/setup-connect-account` (contract/http.md) opens the
 * business's connected account and sends the seller to the provider's onboarding; with the
 * offline provider, the JSON endpoints behind its onboarding page.
 */
export async function paymentRoutes(app: FastifyInstance, options: { payments: PaymentProvider }) {
  const { payments } = options;

  app.get('/stripe/setup-connect-account', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = setupQuery.safeParse(request.query);
    if (!query.success) {
      return sendError(
        reply,
        400,
        'BAD_USER_INPUT',
        'Say which business to connect: /stripe/setup-connect-account?slug=your-business.',
      );
    }
    const { slug } = query.data;
    const ctx = await request.serviceContext();
    if (!ctx.viewer) {
      // A link followed by a person: log in, then land on the business's payment status, a page
      // of the app (the log-in page navigates within the app, where this server route is not).
      if (wantsHtml(request)) {
        return reply.redirect(`/login?next=${encodeURIComponent(connectStatusPath(slug))}`, 303);
      }
      throw unauthenticated(LOG_IN_TO_CONNECT);
    }
    const business = await findBusinessBySlug(ctx, slug);
    if (!business) throw notFound('There is no business at that address.');
    await requireMemberOf(ctx, business);

    try {
      const url = await startOnboarding(ctx, business);
      return reply.redirect(url, 303);
    } catch (error) {
      let refusal: DomainError;
      if (error instanceof DomainError) {
        refusal = error;
      } else if (error instanceof PaymentProviderError) {
        request.log.error({ err: error }, 'payment provider failed during onboarding');
        refusal = new DomainError(
          'PAYMENT_PROVIDER_UNAVAILABLE',
          'We could not reach Stripe just now. Please try again in a few minutes.',
        );
      } else {
        throw error;
      }
      // A person who clicked a link gets the status page with the reason, not a JSON body.
      if (wantsHtml(request)) {
        return reply.redirect(
          `${connectStatusPath(slug)}?problem=${encodeURIComponent(refusal.code)}`,
          303,
        );
      }
      throw refusal;
    }
  });

  // The offline provider's endpoints exist only while it is the active provider.
  if (payments.kind !== 'offline') return;

  app.get('/offline-payments/accounts/:accountId', async (request, reply) => {
    const { found } = await memberOfflineAccount(request);
    reply.header('cache-control', 'no-store');
    return accountView(found);
  });

  app.post('/offline-payments/accounts/:accountId/onboarding', async (request, reply) => {
    const { ctx, found } = await memberOfflineAccount(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return sendError(
        reply,
        400,
        'BAD_USER_INPUT',
        'Send the onboarding details as a JSON object.',
      );
    }
    const parsed = offlineOnboardingSchema.safeParse(body);
    if (!parsed.success) return sendFieldErrors(reply, parsed.error.issues);
    const state = await completeOfflineOnboarding(ctx, found.account, parsed.data);
    return {
      account: { id: found.account.account_id, ...state },
      business: { name: found.business.name, slug: found.business.slug },
      returnUrl: connectStatusPath(found.business.slug),
    };
  });
}
