import { ApiError, createApiClient, type Fields, silentNotifier } from '@meridian/web-kit/api-client';
import i18next from 'i18next';
import type { ZodType } from 'zod';
import { currentLanguage } from './i18n';
import { clearSession, sessionToken } from './session';

/** A refusal or fault of a call, with the message a clerk reads (the server's, or ours in words). */
export class ApiRefusal extends Error {}

/** A call's fields: sent as the query of a GET (arrays repeated) or as the JSON body of a POST. */
export type ApiFields = Fields;

/** A clerk waits this long for an answer before being told the server did not answer. */
const REQUEST_TIMEOUT_MS = 30_000;

/** What a clerk reads of a transport fault: the server's own message when it sent one. */
function transportMessage(code: number | string, serverMessage: string | undefined): string {
  if (serverMessage) return serverMessage;
  // The browser's own text ("Failed to fetch") says nothing to a clerk: say what happened.
  if (code === 'ERR_NETWORK') return i18next.t('errors.network');
  if (code === 'ETIMEDOUT') return i18next.t('errors.timeout');
  return i18next.t('errors.server', { status: code });
}

/**
 * The back office's client: the kit's one client under /admin/api, with the staff token and
 * language, JSON bodies, and empty filters left out; code 999 ends the session (sign in again).
 */
const client = createApiClient({
  baseUrl: '/admin/api',
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: sessionToken,
  getLanguage: currentLanguage,
  onSessionInvalid: () => {
    clearSession();
    return true;
  },
  // Screens report errors themselves (useAction's message, a list's error state).
  notifier: silentNotifier,
  transportMessage,
  now: () => Date.now(),
  timeoutMs: REQUEST_TIMEOUT_MS,
  cacheBust: false,
  omitEmpty: true,
});

/**
 * Calls the back office's API and answers `data`, checked against `schema` when one is given; any
 * refusal or fault is an `ApiRefusal` whose message is the one to show.
 */
export async function adminApi<T>(
  method: 'GET' | 'POST',
  path: string,
  fields: ApiFields = {},
  schema?: ZodType<T>,
): Promise<T> {
  const options = schema ? { silent: true, schema } : { silent: true };
  try {
    return method === 'GET'
      ? await client.get<T>(path, fields, options)
      : await client.postJson<T>(path, fields, options);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiRefusal(
      error.kind === 'transport' ? transportMessage(error.code, error.serverMessage) : error.message,
    );
  }
}
