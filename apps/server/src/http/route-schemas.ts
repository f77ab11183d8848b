import { envelope } from '@meridian/contract/envelope';
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';

/**
 * What the routes of one group share, so that each route declares only its input and its answer:
 * the OpenAPI tags, whether a session token is needed (shown in the OpenAPI document), and the
 * route config (a back-office route's roles, which the staff guard checks).
 */
export type RouteGroup = {
  tags: string[];
  token?: boolean;
  config?: FastifyContextConfig;
};

const TOKEN_SECURITY = [{ token: [] }];

function groupOptions(group: RouteGroup) {
  return {
    config: group.config,
    doc: group.token ? { tags: group.tags, security: TOKEN_SECURITY } : { tags: group.tags },
  };
}

/** The options of a route of the group that reads a query string and answers `answer` in the envelope. */
export function queryRoute<Query extends z.ZodType, Answer extends z.ZodType>(
  group: RouteGroup,
  querystring: Query,
  answer: Answer,
) {
  const { config, doc } = groupOptions(group);
  return { ...(config && { config }), schema: { ...doc, querystring, response: { 200: envelope(answer) } } };
}

/** The options of a route of the group that reads a body and answers `answer` in the envelope. */
export function bodyRoute<Body extends z.ZodType, Answer extends z.ZodType>(
  group: RouteGroup,
  body: Body,
  answer: Answer,
) {
  const { config, doc } = groupOptions(group);
  return { ...(config && { config }), schema: { ...doc, body, response: { 200: envelope(answer) } } };
}
