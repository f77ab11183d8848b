import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/**
 * How a business area joins the app: one function that registers its routes and adds its own start
 * (onReady) and stop (onClose) hooks on the app it is given. `buildApp` calls them in a list; start
 * hooks run in that order and stop hooks in the reverse one, so an area may rely on the ones before
 * it running while it runs.
 */
export type AreaRegistration<Options = undefined> = Options extends undefined
  ? (app: FastifyInstance, context: ServerContext) => Promise<void>
  : (app: FastifyInstance, context: ServerContext, options: Options) => Promise<void>;
