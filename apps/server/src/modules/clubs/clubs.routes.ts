import { isoDate } from '@bevy/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { clubMembers, MEMBER_STATUSES } from './club-admin.service';
import { clubMembersCsv } from './club-members-csv';

const exportQuery = z.object({
  search: z.string().max(200).optional(),
  // An empty status (the "All" filter) is no filter.
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(MEMBER_STATUSES, { error: `Choose a status among: ${MEMBER_STATUSES.join(', ')}.` })
      .optional(),
  ),
});

/**
 * `GET /business/:slug/clubs/:club/members.csv`: the members `clubMembers` would list with the
 * same filters, as a spreadsheet. Its path ends in ".csv", so the web app's members page at
 * /business/:slug/clubs/:club/members is not shadowed.
 */
export async function clubRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string; club: string } }>(
    '/business/:slug/clubs/:club/members.csv',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await request.serviceContext();
      if (!ctx.viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to export members.');
      const query = exportQuery.safeParse(request.query);
      if (!query.success) {
        throw new HttpError(400, 'BAD_USER_INPUT', query.error.issues[0]!.message);
      }
      // The service checks the viewer works at the business (NOT_FOUND, FORBIDDEN otherwise).
      const members = await clubMembers(ctx, request.params.slug, request.params.club, query.data);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="club-members-${isoDate(ctx.clock.now())}.csv"`,
        )
        .send(clubMembersCsv(members));
    },
  );
}
