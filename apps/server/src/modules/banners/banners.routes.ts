import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../platform/context';
import { listActiveBanners } from './banners.service';

export async function bannerRoutes(app: FastifyInstance, options: { services: ServiceContext }) {
  app.get('/banners', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listActiveBanners(options.services);
  });
}
