import { DEFAULT_LANGUAGE } from '@meridian/contract/languages';
import {
  type ApiClient,
  type ApiClientDeps,
  createApiClient,
  silentNotifier,
} from '@meridian/web-kit/api-client';
import { resolveApiOrigin } from './api-origin';
import { WEB_LIMITS } from './limits';

export {
  type ApiClient,
  type ApiClientDeps,
  ApiError,
  type ApiErrorKind,
  type Fields,
  type FieldValue,
  type Notifier,
  type RequestOptions,
} from '@meridian/web-kit/api-client';

/**
 * The settings of the app's one client. The app wires the stores, toasts and router in at
 * start-up (src/app), so this shared module never imports a feature.
 */
const runtime: ApiClientDeps = {
  baseUrl: resolveApiOrigin(
    import.meta.env.VITE_API_ORIGIN,
    globalThis.location?.origin ?? 'http://localhost',
  ),
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => null,
  getLanguage: () => DEFAULT_LANGUAGE,
  onSessionInvalid: () => false,
  notifier: silentNotifier,
  transportMessage: (code, serverMessage) => (serverMessage ? `${serverMessage} (${code})` : `Error ${code}`),
  now: () => Date.now(),
  timeoutMs: WEB_LIMITS.requestTimeoutMs,
};

export function configureApiClient(overrides: Partial<ApiClientDeps>): void {
  Object.assign(runtime, overrides);
}

export const api: ApiClient = createApiClient(runtime);

/**
 * An address on the API host for something the browser loads by itself (an instrument logo in an
 * `<img>`): the client's base URL before a path; an absolute URL is left as it is.
 */
export function apiUrl(path: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  return `${runtime.baseUrl}${path}`;
}
