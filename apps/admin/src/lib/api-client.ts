import { ResponseCode } from '@meridian/contract/response-codes';
import i18next from 'i18next';
import { currentLanguage } from './i18n';
import { clearSession, sessionToken } from './session';

/** A refusal the server answered in its envelope (code 0), with its localized message. */
export class ApiRefusal extends Error {}

type Envelope<T> = { code: number; msg: string; data: T };

/** A call's fields: sent as the query of a GET (arrays repeated) or as the JSON body of a POST. */
export type ApiFields = Record<
  string,
  string | number | boolean | readonly (string | number)[] | null | undefined
>;

function queryOf(fields: ApiFields): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) query.append(name, String(item));
    else query.append(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The answer's envelope; a proxy's error page or a server fault (no envelope) says so in words. */
async function envelopeOf<T>(response: Response): Promise<Envelope<T>> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiRefusal(i18next.t('errors.server', { status: response.status }));
  }
}

/**
 * The back office's one API client: the /admin/api prefix, the language and the staff token on
 * every call, the {code, msg, data} envelope unwrapped; code 999 ends the session (sign in again).
 */
export async function adminApi<T>(method: 'GET' | 'POST', path: string, fields: ApiFields = {}): Promise<T> {
  const headers: Record<string, string> = { lang: currentLanguage() };
  const token = sessionToken();
  if (token) headers.authorization = token;
  if (method === 'POST') headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/admin/api${path}${method === 'GET' ? queryOf(fields) : ''}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(fields) : undefined,
    });
  } catch {
    // The browser's own text ("Failed to fetch") says nothing to a clerk: say what happened.
    throw new ApiRefusal(i18next.t('errors.network'));
  }
  const answer = await envelopeOf<T>(response);
  if (answer.code === ResponseCode.sessionInvalid) {
    clearSession();
    throw new ApiRefusal(answer.msg);
  }
  if (answer.code !== ResponseCode.success) throw new ApiRefusal(answer.msg);
  return answer.data;
}
