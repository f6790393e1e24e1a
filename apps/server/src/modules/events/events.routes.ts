import { eventIcs, isoDate, isTicketCode } from '@bevy/core';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { eventAttendeesCsv } from './event-attendees-csv';
import { eventAttendees } from './event-admin.service';
import { eventByKey } from './event-listing.service';
import { eventUrl, venueLine } from './ticket-emails';

/**
 * The event's calendar file, a ticket's QR image and the attendee list as CSV. Their paths end
 * in a file name, so the web app's pages at /events/{key} and /business/… are not shadowed.
 */
export async function eventRoutes(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;

  app.get<{ Params: { key: string } }>('/events/:key/calendar.ics', async (request, reply) => {
    const ctx = await request.serviceContext();
    const event = await eventByKey(ctx, request.params.key);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${event.url_key}.ics"`)
      .header('cache-control', 'no-cache')
      .send(
        eventIcs({
          uid: `event-${event.id}@${new URL(config.publicUrl).hostname}`,
          title: event.title,
          description: event.description,
          location: venueLine({ ...event, businessName: event.business.name }),
          url: eventUrl(config, event.url_key),
          startsAt: event.starts_at,
          endsAt: event.ends_at,
          timeZone: event.time_zone,
          now: ctx.clock.now(),
        }),
      );
  });

  // The code is the ticket's secret: whoever has this link has the ticket, as with the email.
  app.get<{ Params: { code: string } }>('/tickets/:code/qr.png', async (request, reply) => {
    const { code } = request.params;
    if (!isTicketCode(code)) throw new HttpError(404, 'NOT_FOUND', 'There is no such ticket.');
    const png = await QRCode.toBuffer(code, {
      type: 'png',
      width: 440,
      margin: 2,
      errorCorrectionLevel: 'M',
    });
    return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
  });

  app.get<{ Params: { slug: string; id: string } }>(
    '/business/:slug/events/:id/attendees.csv',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await request.serviceContext();
      if (!ctx.viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to export attendees.');
      const eventId = Number(request.params.id);
      if (!Number.isSafeInteger(eventId) || eventId < 1) {
        throw new HttpError(404, 'NOT_FOUND', 'There is no such event.');
      }
      const { event, attendees } = await eventAttendees(ctx, request.params.slug, eventId);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="attendees-${event.url_key}-${isoDate(ctx.clock.now())}.csv"`,
        )
        .send(eventAttendeesCsv(attendees, event.time_zone));
    },
  );
}
