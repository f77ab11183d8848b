import { ResponseCode } from '@meridian/contract/response-codes';
import type { ZodType } from 'zod';

/**
 * The one API client of both React apps (the customer app and the back office): the `lang` and
 * `authorization` headers, a time-out, the HTTP status checked, the `{code,msg,data}` envelope with
 * the 999 session rule, and answers checked against the contract's schema when the caller gives one.
 * Each app configures it once with its own base path, session, messages and wire style.
 */

/** A field's value; an array is sent as the field repeated (a GET's query). */
export type FieldValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Fields = Record<string, FieldValue>;

/** A contract schema loaded on first use (the web's first screen keeps zod out of its first paint). */
export type LazySchema<T> = () => Promise<ZodType<T>>;

export type RequestOptions<T> = {
  /** No toast for a refusal or a transport fault; the caller shows what it wants. */
  silent?: boolean;
  /** A start-up call: a 999 only clears the session, without sending the user to /login. */
  init?: boolean;
  /** Shows the loading toast until the answer arrives. */
  loading?: boolean;
  signal?: AbortSignal;
  /**
   * Checks `data` of a success against the contract; a mismatch is a fault, not a refusal. A lazy
   * schema (the first screen's calls) downloads while the request is under way.
   */
  schema?: ZodType<T> | LazySchema<T>;
  /**
   * Sends this session token instead of the one in use (logging out the customer's other account);
   * a 999 to it ends nothing else.
   */
  token?: string;
  /** Extra headers of this call (an order's Idempotency-Key); they cannot replace lang or authorization. */
  headers?: Record<string, string>;
};

/**
 * Why a call failed. `rejected`: the server refused (any code but 1 and 999); `session`: code 999;
 * `transport`: no usable answer (HTTP status, network, time-out, not an envelope); `aborted`: the
 * caller cancelled it.
 */
export type ApiErrorKind = 'rejected' | 'session' | 'transport' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope code for refusals, the HTTP status or a transport code (ERR_NETWORK...) otherwise. */
  readonly code: number | string;
  /** The `msg` of an envelope that came with an HTTP error status. */
  readonly serverMessage: string | undefined;

  constructor(kind: ApiErrorKind, code: number | string, message: string, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

export type Notifier = {
  message(text: string): void;
  showLoading(): void;
  hideLoading(): void;
};

export type ApiClientDeps = {
  /** '' = the page's own origin. */
  baseUrl: string;
  fetch: typeof fetch;
  getToken(): string | null;
  getLanguage(): string;
  /**
   * A 999: the session the call was sent with (`token`) has ended. Answers whether that ended the
   * session held now; false when it was already cleared or replaced (another call's 999, a new
   * login), so the session is cleared, and the customer told, once.
   */
  onSessionInvalid(context: { init: boolean; token: string | null }): boolean;
  notifier: Notifier;
  /** The toast text of a transport fault, given its code and the server's message when it sent one. */
  transportMessage(code: number | string, serverMessage: string | undefined): string;
  now(): number;
  timeoutMs: number;
  /** Adds `t` (the time) to GET and DELETE queries so no cache answers them; the web's wire rule. */
  cacheBust?: boolean;
  /** Leaves out fields whose value is '' (the back office's filters: an empty one means none). */
  omitEmpty?: boolean;
};

type Method = 'GET' | 'POST' | 'DELETE';

type Envelope = { code: number; msg: string; data: unknown };

function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.msg === 'string';
}

function appendFields(
  target: URLSearchParams,
  fields: Fields | undefined,
  omitEmpty = false,
): URLSearchParams {
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null || (omitEmpty && value === '')) continue;
    if (Array.isArray(value)) for (const item of value) target.append(name, String(item));
    else target.append(name, String(value));
  }
  return target;
}

/**
 * One preconfigured client with one interceptor (house style). It speaks the spec's wire rules:
 * `lang` and `authorization` headers, `t` on GET and DELETE (`cacheBust`), form-urlencoded POST
 * bodies (multipart for uploads, JSON for the back office), and the `{code,msg,data}` envelope with
 * its toasts and the 999 session rule.
 */
export function createApiClient(deps: ApiClientDeps) {
  let loadingCount = 0;

  function startLoading(): void {
    loadingCount += 1;
    if (loadingCount === 1) deps.notifier.showLoading();
  }

  function stopLoading(): void {
    loadingCount = Math.max(0, loadingCount - 1);
    if (loadingCount === 0) deps.notifier.hideLoading();
  }

  function buildUrl(method: Method, path: string, query: Fields | undefined): string {
    const params = appendFields(new URLSearchParams(), query, deps.omitEmpty);
    if ((deps.cacheBust ?? true) && (method === 'GET' || method === 'DELETE'))
      params.set('t', String(deps.now()));
    const search = params.toString();
    return `${deps.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  function buildHeaders(extra: Record<string, string> | undefined, token: string | null): Headers {
    const headers = new Headers(extra);
    headers.set('accept', 'application/json');
    headers.set('lang', deps.getLanguage());
    if (token) headers.set('authorization', token);
    else headers.delete('authorization');
    return headers;
  }

  async function send(url: string, init: RequestInit, callerSignal: AbortSignal | undefined) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const forwardAbort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    callerSignal?.addEventListener('abort', forwardAbort);
    try {
      return await deps.fetch(url, { ...init, signal: controller.signal });
    } catch {
      if (timedOut) throw new ApiError('transport', 'ETIMEDOUT', 'request timed out');
      if (callerSignal?.aborted) throw new ApiError('aborted', 'ERR_CANCELED', 'request cancelled');
      throw new ApiError('transport', 'ERR_NETWORK', 'network error');
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function readEnvelope(response: Response): Promise<Envelope> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const serverMessage = isEnvelope(body) && body.msg ? body.msg : undefined;
      throw new ApiError('transport', response.status, `HTTP ${response.status}`, serverMessage);
    }
    if (!isEnvelope(body)) throw new ApiError('transport', 'ERR_BAD_RESPONSE', 'not an envelope');
    return body;
  }

  function settle<T>(
    envelope: Envelope,
    options: RequestOptions<T>,
    schema: ZodType<T> | undefined,
    token: string | null,
  ): T {
    if (envelope.code === ResponseCode.success) {
      if (!schema) return envelope.data as T;
      const parsed = schema.safeParse(envelope.data);
      if (parsed.success) return parsed.data;
      // The server broke the contract: a programmer error, logged loudly, never a business message.
      console.error('Answer does not match the contract', parsed.error);
      throw new ApiError('transport', 'ERR_BAD_RESPONSE', 'answer does not match the contract');
    }
    if (envelope.code === ResponseCode.sessionInvalid) {
      const ended = deps.onSessionInvalid({ init: options.init === true, token });
      // A session already ended says nothing more (no second toast).
      throw new ApiError('session', envelope.code, ended ? envelope.msg : '');
    }
    throw new ApiError('rejected', envelope.code, envelope.msg);
  }

  /** A lazy schema's download; a failure is a transport fault, like the answer's own. */
  function loadSchema<T>(schema: LazySchema<T>): Promise<ZodType<T>> {
    const loading = schema().catch((error: unknown) => {
      throw new ApiError('transport', 'ERR_NETWORK', `schema not loaded: ${String(error)}`);
    });
    // Awaited only after the answer: a failed download is not an unhandled rejection meanwhile.
    loading.catch(() => {});
    return loading;
  }

  function report(error: ApiError, silent: boolean): void {
    if (silent || error.kind === 'aborted') return;
    if (error.kind === 'transport') {
      deps.notifier.message(deps.transportMessage(error.code, error.serverMessage));
      return;
    }
    if (error.message) deps.notifier.message(error.message);
  }

  async function request<T>(
    method: Method,
    path: string,
    query: Fields | undefined,
    body: BodyInit | undefined,
    options: RequestOptions<T>,
  ): Promise<T> {
    if (options.loading) startLoading();
    let outcome: { ok: true; value: T } | { ok: false; error: ApiError };
    try {
      const token = options.token ?? deps.getToken();
      const init: RequestInit = { method, headers: buildHeaders(options.headers, token) };
      if (body !== undefined) init.body = body;
      const schema = typeof options.schema === 'function' ? loadSchema(options.schema) : options.schema;
      const response = await send(buildUrl(method, path, query), init, options.signal);
      const envelope = await readEnvelope(response);
      outcome = { ok: true, value: settle(envelope, options, await schema, token) };
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError('transport', 'ERR_UNKNOWN', String(error));
      outcome = { ok: false, error: apiError };
    } finally {
      if (options.loading) stopLoading();
    }
    if (outcome.ok) return outcome.value;
    // The spinner is closed first, so the message toast that follows is not swept away with it.
    report(outcome.error, options.silent === true);
    throw outcome.error;
  }

  return {
    get<T>(path: string, query?: Fields, options: RequestOptions<T> = {}): Promise<T> {
      return request('GET', path, query, undefined, options);
    },
    delete<T>(path: string, query?: Fields, options: RequestOptions<T> = {}): Promise<T> {
      return request('DELETE', path, query, undefined, options);
    },
    /** Form-urlencoded, as the spec gives for loginForU; used for every POST for one wire style. */
    post<T>(path: string, fields?: Fields, options: RequestOptions<T> = {}): Promise<T> {
      return request(
        'POST',
        path,
        undefined,
        appendFields(new URLSearchParams(), fields, deps.omitEmpty),
        options,
      );
    },
    /** A JSON body (the back office's calls, whose fields include arrays and nested values). */
    postJson<T>(
      path: string,
      fields: Record<string, unknown> = {},
      options: RequestOptions<T> = {},
    ): Promise<T> {
      const headers = { 'content-type': 'application/json', ...options.headers };
      return request('POST', path, undefined, JSON.stringify(fields), { ...options, headers });
    },
    /** Multipart, for file uploads; shows the spinner unless told otherwise (spec: image upload). */
    upload<T>(path: string, form: FormData, options: RequestOptions<T> = {}): Promise<T> {
      return request('POST', path, undefined, form, { loading: true, ...options });
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A notifier that shows nothing: the caller reports errors its own way. */
export const silentNotifier: Notifier = { message() {}, showLoading() {}, hideLoading() {} };
