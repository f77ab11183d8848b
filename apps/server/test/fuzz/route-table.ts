import type { FastifyInstance } from 'fastify';

/** The part of a JSON schema (as the OpenAPI document renders the contract's zod schemas) the fuzz reads. */
export type FieldSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  allOf?: FieldSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

export type Field = { name: string; schema: FieldSchema; required: boolean };

/** Who a route is for: customer routes (/api, /v1/api) or the back office (/admin/api). */
export type RouteArea = 'customer' | 'staff';

/**
 * `required`: a session of the route's area, else code 999; `optional`: a session changes the
 * answer (send_email to one's own address); `none`: open to visitors.
 */
export type RouteAuth = 'required' | 'optional' | 'none';

export type RouteSpec = {
  method: 'GET' | 'POST';
  /** OpenAPI path, with `{name}` for path parameters. */
  path: string;
  area: RouteArea;
  auth: RouteAuth;
  query: Field[];
  params: Field[];
  /** Fields of the JSON (or form) body; undefined for a route without one. */
  body: Field[] | undefined;
  /** Takes multipart/form-data (the image upload), so it has no body schema. */
  multipart: boolean;
  /** Answers a file (an image, a logo), not an envelope, when it succeeds. */
  binary: boolean;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: FieldSchema };
type Operation = {
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, FieldSchema>; required?: string[] } }>;
  };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

function authOf(operation: Operation): RouteAuth {
  const security = operation.security;
  if (!security || security.length === 0) return 'none';
  // `[{}, {token: []}]`: an anonymous alternative, so a session is optional.
  return security.some((option) => Object.keys(option).length === 0) ? 'optional' : 'required';
}

function bodyOf(operation: Operation): Field[] | undefined {
  const content = operation.requestBody?.content;
  const schema = content?.['application/json']?.schema;
  if (!schema) return undefined;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, fieldSchema]) => ({
    name,
    schema: fieldSchema,
    required: required.has(name),
  }));
}

function parametersOf(operation: Operation, place: 'query' | 'path'): Field[] {
  return (operation.parameters ?? [])
    .filter((parameter) => parameter.in === place)
    .map((parameter) => ({
      name: parameter.name,
      schema: parameter.schema ?? {},
      required: parameter.required === true,
    }));
}

/**
 * Every documented route of the app, read from its own OpenAPI document (GET /docs/json): the
 * machine-readable route table, with each route's fields as the contract declares them. Hidden
 * routes (/healthz) and the socket (/v1/ws) are not in it; HEAD mirrors GET and is left out.
 */
export async function loadRouteTable(app: FastifyInstance): Promise<RouteSpec[]> {
  const response = await app.inject({ method: 'GET', url: '/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /docs/json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      // The document gives the image upload (multipart/form-data) no request body: every other POST
      // has its JSON body schema.
      const multipart = upper === 'POST' && !operation.requestBody;
      routes.push({
        method: upper,
        path,
        area: path.startsWith('/admin/') ? 'staff' : 'customer',
        auth: authOf(operation),
        query: parametersOf(operation, 'query'),
        params: parametersOf(operation, 'path'),
        body: upper === 'POST' && !multipart ? (bodyOf(operation) ?? []) : undefined,
        multipart,
        // A route whose 200 answer is not described as JSON serves a file.
        binary: upper === 'GET' && !operation.responses?.['200']?.content?.['application/json'],
      });
    }
  }
  return routes;
}
