import { LIMITS } from '@meridian/contract/limits';
import svgCaptcha from 'svg-captcha';
import { describe, expect, it, vi } from 'vitest';
import { call, countRows, freshAddress } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';
import { checkCaptcha } from './captcha.service';

const t = useTestApp();

type CaptchaAnswer = { key: string; image: string };

describe('GET /api/default/captcha', () => {
  it('answers a key and an SVG image, and stores only a hash of the text with its expiry', async () => {
    const spy = vi.spyOn(svgCaptcha, 'create');
    try {
      const answer = await call<CaptchaAnswer>(t, 'GET', '/api/default/captcha', { t: 123 });
      expect(answer.code).toBe(1);
      expect(answer.data.key).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
      expect(answer.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(answer.data.image.split(',')[1] ?? '', 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const text = spy.mock.results[0]?.value.text as string;
      expect(text).toHaveLength(LIMITS.captchaLength);
      const rows = rowsOf<{ answer_hash: string; expires_at: string | Date }>(
        await t.database.db.execute(
          `select answer_hash, expires_at from captchas where key = '${answer.data.key}'`,
        ),
      );
      expect(rows[0]?.answer_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.answer_hash.toLowerCase()).not.toContain(text.toLowerCase());
      expect(new Date(rows[0]?.expires_at ?? 0).getTime()).toBe(
        t.clock.now().getTime() + SERVER_LIMITS.captchaTtlSeconds * 1000,
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('checks an answer once, without regard to case, and not after it expires', async () => {
    const spy = vi.spyOn(svgCaptcha, 'create');
    try {
      const first = await call<CaptchaAnswer>(t, 'GET', '/api/default/captcha');
      const second = await call<CaptchaAnswer>(t, 'GET', '/api/default/captcha');
      const [firstText, secondText] = spy.mock.results.map((result) => result.value.text as string);
      const context = { db: t.database.db, clock: t.clock };
      expect(await checkCaptcha(context, first.data.key, ` ${firstText?.toUpperCase()} `)).toBe(true);
      expect(await checkCaptcha(context, first.data.key, firstText ?? '')).toBe(false);
      expect(await checkCaptcha(context, 'no-such-key', firstText ?? '')).toBe(false);
      t.clock.advance(SERVER_LIMITS.captchaTtlSeconds * 1000);
      expect(await checkCaptcha(context, second.data.key, secondText ?? '')).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('drops used and expired captchas as new ones are made', async () => {
    await call(t, 'GET', '/api/default/captcha');
    t.clock.advance(SERVER_LIMITS.captchaTtlSeconds * 1000);
    await call(t, 'GET', '/api/default/captcha');
    expect(await countRows(t, 'captchas')).toBe(1);
  });

  it(`limits captchas to ${SERVER_LIMITS.captchasPerAddressMax} per client address`, async () => {
    const address = freshAddress();
    for (let index = 0; index < SERVER_LIMITS.captchasPerAddressMax; index += 1) {
      expect((await call(t, 'GET', '/api/default/captcha', {}, { address })).code).toBe(1);
    }
    const before = await countRows(t, 'captchas');
    const refused = await call(t, 'GET', '/api/default/captcha', {}, { address });
    expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(await countRows(t, 'captchas')).toBe(before);
  });
});
