import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaignClicks, campaignRecipients, campaigns } from '../../db/tables';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { findBusinessById } from '../businesses/index';
import { emailHash, suppressAddress } from '../mail/index';
import { withdrawConsent } from './consent.service';
import { absoluteLink } from './campaign-render';
import { customersCsv } from './customers.service';
import { isLinkToken } from './tokens';

/**
 * The links in marketing mail, which work without a session: one-click unsubscribe (RFC 8058:
 * a POST from the mail client, or from our page the footer link opens), the click redirect,
 * and the feedback hook a mail provider calls with complaints and bounces. Also the customer
 * list as CSV.
 */
export async function marketingRoutes(app: FastifyInstance) {
  // RFC 8058's POST is a form (`List-Unsubscribe=One-Click`), urlencoded or multipart; the
  // body changes nothing, so it is read as text and ignored here.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  async function recipientOf(db: Db, token: string) {
    if (!isLinkToken(token)) return undefined;
    const [row] = await db
      .select({
        id: campaignRecipients.id,
        campaignId: campaignRecipients.campaign_id,
        businessId: campaignRecipients.business_id,
        email: campaignRecipients.email,
        links: campaigns.links,
      })
      .from(campaignRecipients)
      .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaign_id))
      .where(eq(campaignRecipients.token, token));
    return row;
  }

  app.post<{ Params: { token: string } }>('/email/unsubscribe/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const ctx = await request.serviceContext();
    const recipient = await recipientOf(ctx.db, request.params.token);
    if (!recipient) {
      throw new HttpError(
        404,
        'NOT_FOUND',
        'This unsubscribe link is not valid. Nothing was changed.',
      );
    }
    // Our page says which it was; a mail client's button sends the RFC 8058 form.
    const fromPage = (request.body as { via?: unknown } | null)?.via === 'footer';
    await withdrawConsent(
      ctx,
      { businessId: recipient.businessId, email: recipient.email },
      fromPage ? 'footer' : 'one-click',
      recipient.campaignId,
    );
    const business = await findBusinessById(ctx, recipient.businessId);
    return {
      unsubscribed: true,
      businessName: business?.name ?? '',
      businessSlug: business?.slug ?? '',
      email: recipient.email,
    };
  });

  app.get<{ Params: { token: string; index: string } }>(
    '/email/click/:token/:index',
    { exposeHeadRoute: false },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await request.serviceContext();
      const recipient = await recipientOf(ctx.db, request.params.token);
      const index = Number(request.params.index);
      const target = Number.isInteger(index) ? recipient?.links?.[index] : undefined;
      // An altered link learns nothing: it lands on the home page, and no click is counted.
      if (!recipient || !target) return reply.redirect('/', 302);
      await ctx.db.insert(campaignClicks).values({
        recipient_id: recipient.id,
        campaign_id: recipient.campaignId,
        url: target,
        clicked_at: ctx.clock.now(),
      });
      // Encoded, since a header carries no characters beyond Latin-1.
      return reply.redirect(absoluteLink(target) ?? '/', 302);
    },
  );

  app.get<{ Params: { slug: string }; Querystring: Record<string, string> }>(
    '/business/:slug/customers.csv',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await request.serviceContext();
      if (!ctx.viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to export customers.');
      const { csv } = await customersCsv(ctx, request.params.slug, filterOfQuery(request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${request.params.slug}-customers.csv"`,
        )
        .send(csv);
    },
  );

  /**
   * Complaints and bounces from the mail provider's feedback loop, authenticated by a shared
   * secret; off without one. A complaint suppresses the address apart from bounces, and counts
   * against the campaign its Message-ID names.
   */
  app.post<{ Body: { type?: unknown; email?: unknown; messageId?: unknown } }>(
    '/hooks/mail-feedback',
    async (request) => {
      const ctx = await request.serviceContext();
      const secret = ctx.config.MAIL_FEEDBACK_SECRET;
      if (!secret) throw new HttpError(404, 'NOT_FOUND', 'Mail feedback is not set up.');
      if (request.headers.authorization !== `Bearer ${secret}`) {
        throw new HttpError(401, 'UNAUTHENTICATED', 'The feedback secret is missing or wrong.');
      }
      const { type, email, messageId } = request.body ?? {};
      if (
        (type !== 'complaint' && type !== 'bounce') ||
        typeof email !== 'string' ||
        !email.includes('@')
      ) {
        throw new HttpError(
          400,
          'BAD_USER_INPUT',
          'Send {"type": "complaint" or "bounce", "email": "…"}.',
        );
      }
      const campaignId = typeof messageId === 'string' ? campaignOfMessageId(messageId) : null;
      await suppressAddress(ctx.db, email, type === 'complaint' ? 'complained' : 'refused', {
        campaignId,
        note: type,
      });
      if (type === 'complaint' && campaignId !== null) {
        // A complaint is also the plainest unsubscribe there is.
        const [row] = await ctx.db
          .select({ businessId: campaigns.business_id })
          .from(campaigns)
          .where(eq(campaigns.id, campaignId));
        if (row)
          await withdrawConsent(ctx, { businessId: row.businessId, email }, 'one-click', null);
      }
      return { suppressed: true, emailHash: emailHash(email) };
    },
  );
}

/** The campaign a Message-ID of ours names: <campaign-{id}.{recipient}@host>. */
function campaignOfMessageId(messageId: string): number | null {
  const match = /campaign-(\d{1,9})\.\d+@/.exec(messageId);
  return match ? Number(match[1]) : null;
}

function filterOfQuery(query: Record<string, string>) {
  const numberOf = (value: string | undefined) =>
    value === undefined || value === '' ? undefined : Number(value);
  return Object.fromEntries(
    Object.entries({
      relationship: query.relationship || undefined,
      boughtWithinDays: numberOf(query.boughtWithinDays),
      beverageType: query.beverageType || undefined,
      minSpentCents: numberOf(query.minSpentCents),
      states: query.states ? String(query.states).split(',') : undefined,
      subscribedOnly: query.subscribedOnly === 'true' ? true : undefined,
      search: query.search || undefined,
    }).filter(([, value]) => value !== undefined),
  );
}
