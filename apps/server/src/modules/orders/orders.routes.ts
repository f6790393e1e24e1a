import { isoDate } from '@bevy/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { exportBusinessOrders } from './order-reads.service';
import { ordersCsv } from './orders-csv';

const exportQuery = z.object({
  status: z.string().max(40).optional(),
  businessId: z
    .string()
    .regex(/^\d{1,9}$/, 'businessId is a business’s number.')
    .transform(Number)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  search: z.string().max(200).optional(),
  source: z.string().max(200).optional(),
});

/**
 * `GET /business/orders.csv`: the orders `businessOrders` would list with the same filters, all
 * of them, as a spreadsheet. Its path ends in ".csv", so the web app's /business/orders page is
 * not shadowed.
 */
export async function orderRoutes(app: FastifyInstance) {
  app.get('/business/orders.csv', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const ctx = await request.serviceContext();
    if (!ctx.viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to export orders.');
    const query = exportQuery.safeParse(request.query);
    if (!query.success) {
      throw new HttpError(400, 'BAD_USER_INPUT', query.error.issues[0]!.message);
    }
    const orders = await exportBusinessOrders(ctx, query.data);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="orders-${isoDate(ctx.clock.now())}.csv"`,
      )
      .send(ordersCsv(orders));
  });
}
