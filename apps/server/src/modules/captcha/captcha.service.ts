import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@meridian/contract/limits';
import type { Captcha } from '@meridian/contract/settings';
import svgCaptcha from 'svg-captcha';
import type { ServerContext } from '../../context';
import { SERVER_LIMITS } from '../../limits';
import * as repository from './captcha.repository';

/** Characters people confuse (0/o/O, 1/l/I) are left out; answers are compared without case. */
const IGNORED_CHARACTERS = '0oO1lIi';

function hashAnswer(key: string, answer: string): string {
  return createHash('sha256').update(`${key}:${answer.trim().toLowerCase()}`).digest('hex');
}

/** A new image captcha (spec: verify_reg_type 2): the key and an SVG data URL; the answer is kept hashed. */
export async function createCaptcha(context: ServerContext, address: string): Promise<Captcha> {
  await context.limits.captchasPerAddress.hit(address);
  const now = context.clock.now();
  const captcha = svgCaptcha.create({
    size: LIMITS.captchaLength,
    ignoreChars: IGNORED_CHARACTERS,
    noise: 2,
    color: false,
  });
  const key = randomBytes(SERVER_LIMITS.captchaKeyBytes).toString('base64url');
  await repository.deleteFinishedCaptchas(context.db, now);
  await repository.insertCaptcha(context.db, {
    key,
    answerHash: hashAnswer(key, captcha.text),
    expiresAt: new Date(now.getTime() + SERVER_LIMITS.captchaTtlSeconds * 1000),
  });
  const image = `data:image/svg+xml;base64,${Buffer.from(captcha.data, 'utf8').toString('base64')}`;
  return { key, image };
}

/**
 * Checks an answer. The captcha is used up by the check whether the answer is right or not, and the
 * use is committed on its own, so a failed registration cannot replay it.
 */
export async function checkCaptcha(
  context: Pick<ServerContext, 'db' | 'clock'>,
  key: string,
  answer: string,
): Promise<boolean> {
  const stored = await repository.consumeCaptcha(context.db, key, context.clock.now());
  if (!stored) return false;
  const given = Buffer.from(hashAnswer(key, answer), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
