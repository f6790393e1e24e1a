import { isIsoDate } from '@bevy/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import type { ServiceContext } from '../../platform/context';
import { advanceClubCalendar } from './club-timeline';

const body = z.object({ date: z.string().refine(isIsoDate) });

/**
 * `POST /__e2e/time-travel {date}`: for browser journeys only (E2E_TIME_TRAVEL, refused in
 * production). Moves the clubs' calendar on as of that day (noon UTC), as its job will on that
 * day, so a journey sees a release run; the rest of the server keeps the real time.
 */
export async function timeTravelRoutes(
  app: FastifyInstance,
  options: { services: ServiceContext },
) {
  app.post('/__e2e/time-travel', async (request) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) {
      throw new HttpError(400, 'BAD_USER_INPUT', 'Send {"date": "YYYY-MM-DD"}.');
    }
    const asOf = new Date(`${parsed.data.date}T12:00:00Z`);
    await advanceClubCalendar({ ...options.services, clock: { now: () => asOf } });
    return { asOf: parsed.data.date };
  });
}
