import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

describe('security headers', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('every answer carries the content security policy and helmet headers, API and pages alike', async () => {
    for (const url of ['/healthz', '/v1/api/forex/categories', '/no-such-page']) {
      const response = await test.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self' ws: wss:");
      expect(policy).not.toContain('nonce-');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
