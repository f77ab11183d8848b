import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { settingsRoutes } from './settings/settings.routes';

/** Every business area's routes, each a Fastify plugin given the shared context. */
export async function registerModules(app: FastifyInstance, context: ServerContext): Promise<void> {
  await app.register(settingsRoutes, { context });
}
