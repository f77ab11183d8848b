/**
 * Every endpoint accepts its fields in the query too, so a careless client may put a password in
 * the URL. Request logs print the URL: these fields are masked there before anything is written.
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
