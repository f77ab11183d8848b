import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { ApiRefusal, adminApi } from './api-client';

const stored = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fetchAnswering(response: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => {
  stored.clear();
});

describe('the back office API client', () => {
  it('sends the staff token and language, leaves out empty filters, and answers data', async () => {
    stored.set('meridian.admin.token', 'staff-token');
    const fetch = fetchAnswering(() => answer({ code: 1, msg: 'success', data: { rows: [] } }));
    await expect(adminApi('GET', '/funds/deposits', { status: [0, 1], q: '' })).resolves.toEqual({
      rows: [],
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/admin/api/funds/deposits?status=0&status=1');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('staff-token');
    expect(headers.get('lang')).toBe('en');
  });

  it('posts JSON and turns a refusal into its message', async () => {
    const fetch = fetchAnswering(() => answer({ code: 0, msg: 'Already reviewed', data: null }));
    const refused = await adminApi('POST', '/funds/approve', { id: 7 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect((refused as Error).message).toBe('Already reviewed');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ id: 7 });
  });

  it('ends the session on 999', async () => {
    stored.set('meridian.admin.token', 'ended');
    fetchAnswering(() => answer({ code: 999, msg: 'Sign in again', data: null }));
    await expect(adminApi('GET', '/me')).rejects.toThrow('Sign in again');
    expect(stored.has('meridian.admin.token')).toBe(false);
  });

  it('says in words when the server cannot be reached or answers no envelope', async () => {
    fetchAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(adminApi('GET', '/me')).rejects.toThrow(en.errors.network);
    fetchAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(adminApi('GET', '/me')).rejects.toThrow('The server answered with an error (HTTP 502)');
  });

  it('refuses an answer that breaks the contract given', async () => {
    const { z } = await import('zod');
    fetchAnswering(() => answer({ code: 1, msg: 'success', data: { id: 'seven' } }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(adminApi('GET', '/x', {}, z.object({ id: z.number() }))).rejects.toBeInstanceOf(ApiRefusal);
    spy.mockRestore();
  });
});
