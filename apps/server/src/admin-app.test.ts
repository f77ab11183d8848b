import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const INDEX = '<!doctype html><div id="root"></div><script src="/admin/assets/app.js"></script>';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminFiles: { 'index.html': INDEX, 'assets/app.js': 'console.log(1)' } });
});
afterAll(async () => {
  await t.close();
});

describe('the back office under /admin', () => {
  it.each(['/admin/', '/admin/enrol?token=x', '/admin/customers', '/admin/customers/12', '/admin/nowhere'])(
    'answers its client route %s with its page',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
    },
  );

  it('serves its built files', async () => {
    const response = await t.app.inject({ url: '/admin/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it.each(['/admin/assets/missing.js', '/admin/api/nowhere', '/admin/api/customers/x/y'])(
    'answers %s not found, never with the page',
    async (url) => {
      const response = await t.app.inject({ url, headers: { lang: 'en' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 0, msg: expect.any(String), data: null });
    },
  );
});
