import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { socketUrl, TestSocket } from '../../test/socket';

// The staff socket (/admin/ws) lives in the customer socket's hub: one address's sockets of both
// kinds count against the same SOCKETS_PER_ADDRESS_MAX (here 2).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SOCKETS_PER_ADDRESS_MAX: '2' } });
});
afterAll(async () => {
  await t.close();
});

describe('staff socket limits', () => {
  it('counts staff and customer sockets of one address together, refusing the upgrade beyond', async () => {
    const customerUrl = await socketUrl(t);
    const staffUrl = customerUrl.replace('/v1/ws', '/admin/ws');
    const held = [await TestSocket.open(customerUrl), await TestSocket.open(staffUrl)];
    await expect(TestSocket.open(staffUrl)).rejects.toThrow('Unexpected server response: 429');
    await expect(TestSocket.open(customerUrl)).rejects.toThrow('Unexpected server response: 429');
    const refused = await t.app.inject({ method: 'GET', url: '/admin/ws', headers: { lang: 'en' } });
    expect(refused.statusCode).toBe(429);
    for (const socket of held) socket.close();
  });
});
