import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiClientDeps, ApiError, createApiClient } from './api-client';

type Call = { url: string; init: RequestInit };

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(answer: (call: Call) => Promise<Response> | Response, overrides: Partial<ApiClientDeps> = {}) {
  const calls: Call[] = [];
  const notifier = { message: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() };
  const onSessionInvalid = vi.fn((_context: { init: boolean; token: string | null }) => true);
  const deps: ApiClientDeps = {
    baseUrl: '',
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return answer(call);
    }) as typeof fetch,
    getToken: () => 'token-123',
    getLanguage: () => 'en',
    onSessionInvalid,
    notifier,
    transportMessage: (code, serverMessage) => `transport ${code}${serverMessage ? ` ${serverMessage}` : ''}`,
    now: () => 1_700_000_000_000,
    timeoutMs: 1_000,
    ...overrides,
  };
  return { client: createApiClient(deps), calls, notifier, onSessionInvalid };
}

const ok = (data: unknown) => jsonResponse({ code: 1, msg: 'success', data });

afterEach(() => {
  vi.useRealTimers();
});

describe('request shape', () => {
  it('sends lang and authorization, and a t timestamp on GET', async () => {
    const { client, calls } = setup(() => ok({ a: 1 }));
    await expect(client.get('/api/x', { key: 'is_show_mobile', skip: undefined })).resolves.toEqual({ a: 1 });
    const call = calls[0]!;
    expect(call.init.method).toBe('GET');
    expect(call.url).toBe('/api/x?key=is_show_mobile&t=1700000000000');
    const headers = new Headers(call.init.headers);
    expect(headers.get('lang')).toBe('en');
    expect(headers.get('authorization')).toBe('token-123');
    expect(call.init.body).toBeUndefined();
  });

  it('adds t on DELETE as well', async () => {
    const { client, calls } = setup(() => ok(null));
    await client.delete('/api/thing', { id: 4 });
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[0]!.url).toBe('/api/thing?id=4&t=1700000000000');
  });

  it('leaves authorization out when logged out', async () => {
    const { client, calls } = setup(() => ok(null), { getToken: () => null });
    await client.get('/api/x');
    expect(new Headers(calls[0]!.init.headers).has('authorization')).toBe(false);
  });

  it('posts form-urlencoded fields without t, skipping empty ones', async () => {
    const { client, calls } = setup(() => ok({ token: 't' }));
    await client.post('/api/user/loginForU', { type: 'email', account: 'a@b.co', area_id: undefined, n: 3 });
    const call = calls[0]!;
    expect(call.url).toBe('/api/user/loginForU');
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBeInstanceOf(URLSearchParams);
    expect(String(call.init.body)).toBe('type=email&account=a%40b.co&n=3');
  });

  it('uploads multipart and shows the spinner by default', async () => {
    const { client, calls, notifier } = setup(() => ok({ url: '/u/1.png' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await client.upload('/api/common/image_upload', form);
    expect(calls[0]!.init.body).toBe(form);
    expect(notifier.showLoading).toHaveBeenCalledTimes(1);
    expect(notifier.hideLoading).toHaveBeenCalledTimes(1);
  });

  it("adds a call's own headers without letting them replace lang or authorization", async () => {
    const { client, calls } = setup(() => ok(null));
    await client.post(
      '/v1/api/forex/submit',
      { cont: '0.01' },
      {
        headers: { 'Idempotency-Key': 'key-1', lang: 'xx', authorization: 'forged' },
      },
    );
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('idempotency-key')).toBe('key-1');
    expect(headers.get('lang')).toBe('en');
    expect(headers.get('authorization')).toBe('token-123');
  });

  it('prefixes the base URL', async () => {
    const { client, calls } = setup(() => ok(null), { baseUrl: 'https://api.example.com' });
    await client.post('/api/user/logout');
    expect(calls[0]!.url).toBe('https://api.example.com/api/user/logout');
  });
});

describe('envelope', () => {
  it('resolves data on code 1 and checks it against a schema when given', async () => {
    const { client } = setup(() => ok({ key: 'k', value: '1', extra: true }));
    const schema = z.object({ key: z.string(), value: z.string() });
    await expect(client.get('/api/default/setting', {}, { schema })).resolves.toEqual({
      key: 'k',
      value: '1',
    });
  });

  it('treats data that breaks the contract as a transport fault', async () => {
    const { client, notifier } = setup(() => ok({ key: 5 }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = z.object({ key: z.string() });
    await expect(client.get('/api/x', {}, { schema })).rejects.toMatchObject({
      kind: 'transport',
      code: 'ERR_BAD_RESPONSE',
    });
    expect(notifier.message).toHaveBeenCalledWith('transport ERR_BAD_RESPONSE');
    spy.mockRestore();
  });

  it('checks against a lazily loaded schema, downloaded while the request is under way', async () => {
    let loads = 0;
    const schema = async () => {
      loads += 1;
      return z.object({ key: z.string() });
    };
    const { client } = setup(() => ok({ key: 'k', extra: 1 }));
    await expect(client.get('/api/x', {}, { schema })).resolves.toEqual({ key: 'k' });
    expect(loads).toBe(1);
    const { client: broken } = setup(() => ok({ key: 5 }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(broken.get('/api/x', {}, { schema })).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
    spy.mockRestore();
  });

  it('treats a schema that cannot be downloaded as a transport fault', async () => {
    const schema = async (): Promise<z.ZodType<{ key: string }>> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    const { client, notifier } = setup(() => ok({ key: 'k' }));
    await expect(client.get('/api/x', {}, { schema })).rejects.toMatchObject({
      kind: 'transport',
      code: 'ERR_NETWORK',
    });
    expect(notifier.message).toHaveBeenCalledWith('transport ERR_NETWORK');
  });

  it('repeats an array field in the query, leaves out empty ones when told, and can skip the cache-busting time', async () => {
    const { client, calls } = setup(() => ok(null), { omitEmpty: true, cacheBust: false });
    await client.get('/admin/x', { status: [0, 2], q: '', page: 1, none: null });
    expect(calls[0]?.url).toBe('/admin/x?status=0&status=2&page=1');
  });

  it('sends a JSON body with postJson', async () => {
    const { client, calls } = setup(() => ok({ done: true }));
    await expect(client.postJson('/admin/save', { ids: [1, 2], note: 'x' })).resolves.toEqual({ done: true });
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ ids: [1, 2], note: 'x' });
  });

  it('rejects any other code and toasts msg', async () => {
    const { client, notifier, onSessionInvalid } = setup(() =>
      jsonResponse({ code: 0, msg: 'Wrong account or password', data: null }),
    );
    const error = await client.post('/api/user/loginForU', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rejected', code: 0, message: 'Wrong account or password' });
    expect(notifier.message).toHaveBeenCalledWith('Wrong account or password');
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('does not toast a refusal when silent', async () => {
    const { client, notifier } = setup(() => jsonResponse({ code: 0, msg: 'no', data: null }));
    await expect(client.get('/api/x', {}, { silent: true })).rejects.toMatchObject({ kind: 'rejected' });
    expect(notifier.message).not.toHaveBeenCalled();
  });

  it('reports 999 as a session loss, with the init flag passed through', async () => {
    const { client, notifier, onSessionInvalid } = setup(() =>
      jsonResponse({ code: 999, msg: 'Please log in again', data: null }),
    );
    await expect(client.get('/api/user/info')).rejects.toMatchObject({ kind: 'session', code: 999 });
    expect(onSessionInvalid).toHaveBeenLastCalledWith({ init: false, token: 'token-123' });
    expect(notifier.message).toHaveBeenCalledWith('Please log in again');

    await expect(client.get('/api/user/info', {}, { init: true, silent: true })).rejects.toMatchObject({
      kind: 'session',
    });
    expect(onSessionInvalid).toHaveBeenLastCalledWith({ init: true, token: 'token-123' });
    expect(notifier.message).toHaveBeenCalledTimes(1);
  });

  it('says nothing more for a 999 of a session already ended', async () => {
    const { client, notifier, onSessionInvalid } = setup(() =>
      jsonResponse({ code: 999, msg: 'Please log in again', data: null }),
    );
    onSessionInvalid.mockReturnValueOnce(true).mockReturnValueOnce(false);
    await Promise.all([
      expect(client.get('/api/a')).rejects.toMatchObject({ kind: 'session' }),
      expect(client.get('/api/b')).rejects.toMatchObject({ kind: 'session' }),
    ]);
    expect(onSessionInvalid).toHaveBeenCalledTimes(2);
    expect(notifier.message).toHaveBeenCalledTimes(1);
  });
});

describe('transport faults', () => {
  it('toasts the HTTP status, with the server message when it sent one', async () => {
    const { client, notifier } = setup(() => jsonResponse({ code: 0, msg: 'Not found', data: null }, 404));
    await expect(client.get('/api/missing')).rejects.toMatchObject({ kind: 'transport', code: 404 });
    expect(notifier.message).toHaveBeenCalledWith('transport 404 Not found');
  });

  it('toasts a bare status when the body is not an envelope', async () => {
    const { client, notifier } = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'transport', code: 502 });
    expect(notifier.message).toHaveBeenCalledWith('transport 502');
  });

  it('toasts a network failure', async () => {
    const { client, notifier } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'transport', code: 'ERR_NETWORK' });
    expect(notifier.message).toHaveBeenCalledWith('transport ERR_NETWORK');
  });

  it('rejects a 200 that is not an envelope', async () => {
    const { client } = setup(() => new Response('hello', { status: 200 }));
    await expect(client.get('/api/x', {}, { silent: true })).rejects.toMatchObject({
      code: 'ERR_BAD_RESPONSE',
    });
  });

  it('stays quiet about a request the caller aborted', async () => {
    const controller = new AbortController();
    const { client, notifier } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client.get('/api/x', {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(notifier.message).not.toHaveBeenCalled();
  });

  it('gives up after the time-out and says so', async () => {
    vi.useFakeTimers();
    const { client, notifier } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client.get('/api/slow');
    const assertion = expect(pending).rejects.toMatchObject({ kind: 'transport', code: 'ETIMEDOUT' });
    await vi.advanceTimersByTimeAsync(1_000);
    await assertion;
    expect(notifier.message).toHaveBeenCalledWith('transport ETIMEDOUT');
  });
});

describe('loading spinner', () => {
  it('is closed on response before the error toast shows', async () => {
    const order: string[] = [];
    const { client } = setup(() => jsonResponse({ code: 0, msg: 'refused', data: null }), {
      notifier: {
        showLoading: () => order.push('show'),
        hideLoading: () => order.push('hide'),
        message: (text) => order.push(`message:${text}`),
      },
    });
    await expect(client.post('/api/x', {}, { loading: true })).rejects.toBeInstanceOf(ApiError);
    expect(order).toEqual(['show', 'hide', 'message:refused']);
  });

  it('stays up while any loading call is still out', async () => {
    let release: (() => void) | undefined;
    const { client, notifier } = setup(({ url }) =>
      url.includes('slow')
        ? new Promise<Response>((resolve) => (release = () => resolve(ok(null))))
        : ok(null),
    );
    const slow = client.get('/api/slow', {}, { loading: true });
    await client.get('/api/fast', {}, { loading: true });
    expect(notifier.showLoading).toHaveBeenCalledTimes(1);
    expect(notifier.hideLoading).not.toHaveBeenCalled();
    release?.();
    await slow;
    expect(notifier.hideLoading).toHaveBeenCalledTimes(1);
  });

  it('is not shown without the flag', async () => {
    const { client, notifier } = setup(() => ok(null));
    await client.get('/api/x');
    expect(notifier.showLoading).not.toHaveBeenCalled();
  });
});
