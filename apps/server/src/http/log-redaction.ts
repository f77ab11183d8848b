import { SERVER_LIMITS } from '../limits';

/**
 * Every endpoint accepts its fields in the query too, so a careless client may put a password in
 * the URL. Request logs print the URL: these fields are masked there before anything is written.
 * Some are credentials by design: `demo_id` signs a demo account in (GET createAccountDemoForU),
 * and `sig` is what lets a signed image address open a private image (uploads/signed-urls.ts).
 */
const SECRET_FIELDS = new Set([
  'password',
  're_password',
  'new_password',
  'secondary_password',
  'auth_code',
  'sms_code',
  'token',
  'authorization',
  'demo_id',
  'sig',
]);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_FIELDS.has(key.toLowerCase())) {
      params.set(key, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

type LoggedRequest = {
  method: string;
  url: string;
  ip?: string;
  id?: string;
  headers?: Record<string, unknown>;
};

/** Pino serializer for requests: method, masked URL, client address and id; never headers. */
export function serializeRequest(request: LoggedRequest) {
  return { id: request.id, method: request.method, url: redactUrl(request.url), address: request.ip };
}

type ErrorLike = Error & Record<string, unknown>;
type ErrorView = { type: string; message: string; stack: string; [field: string]: unknown };

/** Fields of a database error that name things (SQLSTATE, table, constraint), never values. */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'position',
] as const;
const FAILED_QUERY_PREFIX = 'Failed query: ';

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/**
 * Errors of a query: drizzle's DrizzleQueryError and PGlite's errors carry the statement's
 * `params`; node-postgres's carry a SQLSTATE `code` and a `severity`.
 */
function isDatabaseError(error: ErrorLike): boolean {
  if ('params' in error) return true;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

/**
 * A database error's message without values: drizzle's "Failed query: <sql>\nparams: <values>"
 * keeps its SQL text; a driver's message quotes values ('invalid input syntax for type integer:
 * "..."'), so every quoted part is masked (the names it may hide are in the table, column and
 * constraint fields).
 */
function databaseMessage(error: ErrorLike): string {
  if (error.message.startsWith(FAILED_QUERY_PREFIX) && typeof error.query === 'string') {
    return `${FAILED_QUERY_PREFIX}${error.query}`;
  }
  return error.message.replace(/"[^"]*"/g, '"***"');
}

/** The stack's call frames under a new first line (the old one repeats the message). */
function restack(stack: unknown, header: string): string {
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [header, ...frames].join('\n');
}

function errorView(error: ErrorLike, depth: number): ErrorView {
  const type = typeof error.constructor === 'function' ? error.constructor.name : error.name;
  const database = isDatabaseError(error);
  const message = database ? databaseMessage(error) : error.message;
  const view: ErrorView = { type, message, stack: restack(error.stack, `${type}: ${message}`) };
  if (database) {
    for (const field of DATABASE_ERROR_FIELDS) if (error[field] !== undefined) view[field] = error[field];
    // The statement's text, never its parameters (the values: e-mail addresses, amounts, hashes).
    if (typeof error.query === 'string') view.query = error.query;
  } else {
    for (const [field, value] of Object.entries(error)) {
      if (field === 'cause' || view[field] !== undefined) continue;
      if (!isErrorLike(value)) view[field] = value;
      else if (depth < SERVER_LIMITS.logErrorCausesMax) view[field] = errorView(value, depth + 1);
    }
  }
  if (isErrorLike(error.cause) && depth < SERVER_LIMITS.logErrorCausesMax)
    view.cause = errorView(error.cause, depth + 1);
  return view;
}

/**
 * Pino serializer for `err`: the error's type, message, stack and fields, its causes nested. A
 * failed query is logged with its SQL text and SQLSTATE, never with its parameter values or the
 * driver's `detail` ("Key (email)=(...) already exists"): they hold customers' data.
 */
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? errorView(error, 0) : error;
}
