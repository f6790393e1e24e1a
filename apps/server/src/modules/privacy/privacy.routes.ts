import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { exportMyData } from './export.service';

/**
 * `GET /account/my-data.zip`: the signed-in person's data, at once. Its path ends in ".zip", so
 * the web app's /account pages are not shadowed and the dev proxy forwards it to the server.
 */
export async function privacyRoutes(app: FastifyInstance) {
  app.get('/account/my-data.zip', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const ctx = await request.serviceContext();
    if (!ctx.viewer) throw new HttpError(401, 'UNAUTHENTICATED', 'Log in to download your data.');
    const { filename, bytes } = await exportMyData(ctx);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
