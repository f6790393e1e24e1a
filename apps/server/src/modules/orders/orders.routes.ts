import { isoDate } from '@bevy/core';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { exportBusinessOrders } from './order-management.service';
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
});

const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
};

/**
 * `GET /business/orders.csv`: the orders `businessOrders` would list with the same filters, all
 * of them, as a spreadsheet. Its path ends in ".csv", so the web app's /business/orders page is
 * not shadowed.
 */
export async function orderRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  app.get('/business/orders.csv', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await request.viewer();
    if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to export orders.');
    const query = exportQuery.safeParse(request.query);
    if (!query.success) {
      throw new HttpError(400, 'BAD_USER_INPUT', query.error.issues[0]!.message);
    }
    let orders;
    try {
      orders = await exportBusinessOrders({ db, viewer }, query.data);
    } catch (error) {
      const code = error instanceof GraphQLError ? String(error.extensions.code) : '';
      const status = STATUS_OF_CODE[code];
      if (status) throw new HttpError(status, code, (error as Error).message);
      throw error;
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${isoDate(new Date())}.csv"`)
      .send(ordersCsv(orders));
  });
}
