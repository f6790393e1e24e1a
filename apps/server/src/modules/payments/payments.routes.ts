import { connectStatusPath, OFFLINE_ACCOUNT_ID } from '@bevy/core';
import { offlineOnboardingSchema } from '@bevy/core/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Viewer } from '../../graphql/context';
import { managesBusiness } from '../../graphql/guards';
import { HttpError, sendError } from '../../http/errors';
import { findBusinessBySlug } from '../businesses/businesses.service';
import { PaymentProviderError, type PaymentProvider } from './payment-provider';
import {
  completeOfflineOnboarding,
  findOfflineAccount,
  PaymentsError,
  startOnboarding,
} from './payments.service';

const setupQuery = z.object({ slug: z.string().trim().min(1).max(200) });

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to connect payments.');
  return viewer;
}

async function requireMemberOf(db: Db, viewer: Viewer, business: { id: number; name: string }) {
  if (await managesBusiness({ db, viewer }, business.id)) return;
  throw new HttpError(
    403,
    'FORBIDDEN',
    `Only people who work at ${business.name} can connect its payments.`,
  );
}

/** The offline account named in the URL, for a member of its business. */
async function memberOfflineAccount(db: Db, request: FastifyRequest) {
  const viewer = await requireViewer(request);
  const { accountId } = request.params as { accountId: string };
  const found = OFFLINE_ACCOUNT_ID.test(accountId)
    ? await findOfflineAccount({ db }, accountId)
    : undefined;
  if (!found)
    throw new HttpError(404, 'NOT_FOUND', 'There is no offline payment account with that id.');
  await requireMemberOf(db, viewer, found.business);
  return found;
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
export async function paymentRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentProvider },
) {
  const { db, payments } = options;

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
    const viewer = await request.viewer();
    if (!viewer) {
      // A link followed by a person: log in, then land on the business's payment status, a page
      // of the app (the log-in page navigates within the app, where this server route is not).
      if (wantsHtml(request)) {
        return reply.redirect(`/login?next=${encodeURIComponent(connectStatusPath(slug))}`, 303);
      }
      return sendError(reply, 401, 'UNAUTHENTICATED', 'Log in to connect payments.');
    }
    const business = await findBusinessBySlug({ db }, slug);
    if (!business) throw new HttpError(404, 'NOT_FOUND', 'There is no business at that address.');
    await requireMemberOf(db, viewer, business);

    try {
      const url = await startOnboarding({ db, payments, log: request.log }, business);
      return reply.redirect(url, 303);
    } catch (error) {
      let refusal: PaymentsError;
      if (error instanceof PaymentsError) {
        refusal = error;
      } else if (error instanceof PaymentProviderError) {
        request.log.error({ err: error }, 'payment provider failed during onboarding');
        refusal = new PaymentsError(
          502,
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
      return sendError(reply, refusal.statusCode, refusal.code, refusal.message);
    }
  });

  // The offline provider's endpoints exist only while it is the active provider.
  if (payments.kind !== 'offline') return;

  app.get('/offline-payments/accounts/:accountId', async (request, reply) => {
    const found = await memberOfflineAccount(db, request);
    reply.header('cache-control', 'no-store');
    return accountView(found);
  });

  app.post('/offline-payments/accounts/:accountId/onboarding', async (request, reply) => {
    const found = await memberOfflineAccount(db, request);
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
    const state = await completeOfflineOnboarding(
      { db, payments, log: request.log },
      found.account,
      parsed.data,
    );
    return {
      account: { id: found.account.account_id, ...state },
      business: { name: found.business.name, slug: found.business.slug },
      returnUrl: connectStatusPath(found.business.slug),
    };
  });
}
