import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ServerContext } from '../context';
import { ok } from './envelope';
import { bodyRoute, queryRoute, type RouteGroup } from './route-schemas';

/** One route of a table: it registers itself with the context of the plugin that holds the table. */
export type TableRoute = (app: FastifyInstance, context: ServerContext) => void;

/** What a route does: from who calls and the validated input to the data the envelope carries. */
type RouteAction<Caller, Input, Answer> = (
  context: ServerContext,
  caller: Caller,
  input: Input,
  request: FastifyRequest,
) => Promise<Answer>;

/**
 * The route declarations of one kind of caller (a customer, a staff member) in one group: each route
 * states its method, path, input schema, answer schema and action, and nothing else. `callerOf` reads
 * the caller the guard put on the request.
 */
export function routesFor<Caller>(callerOf: (request: FastifyRequest) => Caller) {
  /** The handler: the route's schema validated the input (`inputOf` picks it) before it runs. */
  function handlerOf<Input, Answer>(
    context: ServerContext,
    action: RouteAction<Caller, Input, Answer>,
    inputOf: (request: FastifyRequest) => unknown,
  ) {
    return async (request: FastifyRequest) =>
      ok(request, await action(context, callerOf(request), inputOf(request) as Input, request));
  }
  return (group: RouteGroup) => ({
    get<Query extends z.ZodType, Answer extends z.ZodType>(
      path: string,
      query: Query,
      answer: Answer,
      action: RouteAction<Caller, z.output<Query>, z.input<Answer>>,
    ): TableRoute {
      return (app, context) => {
        app.get(
          path,
          queryRoute(group, query, answer),
          handlerOf(context, action, (request) => request.query),
        );
      };
    },
    post<Body extends z.ZodType, Answer extends z.ZodType>(
      path: string,
      body: Body,
      answer: Answer,
      action: RouteAction<Caller, z.output<Body>, z.input<Answer>>,
    ): TableRoute {
      return (app, context) => {
        app.post(
          path,
          bodyRoute(group, body, answer),
          handlerOf(context, action, (request) => request.body),
        );
      };
    },
  });
}

/** Registers a table's routes with the plugin's context. */
export function registerRoutes(app: FastifyInstance, context: ServerContext, routes: readonly TableRoute[]) {
  for (const route of routes) route(app, context);
}

/** A plugin that holds only a route table. */
export function routeTable(routes: readonly TableRoute[]): FastifyPluginAsyncZod<{ context: ServerContext }> {
  return async (app, { context }) => registerRoutes(app, context, routes);
}
