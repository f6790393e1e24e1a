import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { listActiveBanners } from './banners.service';

export async function bannerRoutes(app: FastifyInstance, options: { db: Db }) {
  app.get('/banners', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listActiveBanners(options.db);
  });
}
