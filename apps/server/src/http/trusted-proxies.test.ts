import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { rowsOf } from '../db/migrate';

// Finding 7: X-Forwarded-For is believed only from the proxies TRUSTED_PROXIES names.
const PROXY = '10.0.0.1';
const CLIENT = '203.0.113.7';

/** The client address the server saw for a call, as it stored it with the session it opened. */
async function addressSeen(t: TestApp, peer: string): Promise<string | undefined> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/createAccountDemoForU?demo_id=proxy-test-${randomBytes(6).toString('hex')}`,
    remoteAddress: peer,
    headers: { lang: 'en', 'x-forwarded-for': CLIENT },
  });
  expect(response.json().code).toBe(1);
  const result = await t.database.db.execute('select address from sessions order by id desc limit 1');
  return rowsOf<{ address: string }>(result)[0]?.address;
}

describe('without TRUSTED_PROXIES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUSTED_PROXIES: undefined } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For, even from a private-network peer: the address is the peer', async () => {
    expect(await addressSeen(t, PROXY)).toBe(PROXY);
    expect(await addressSeen(t, '127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('with TRUSTED_PROXIES naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUSTED_PROXIES: PROXY } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('believes X-Forwarded-For from that proxy, and from no other peer', async () => {
    expect(await addressSeen(t, PROXY)).toBe(CLIENT);
    expect(await addressSeen(t, '10.0.0.2')).toBe('10.0.0.2');
  });
});
