import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Rejection } from '../http/errors';
import { SERVER_LIMITS } from '../limits';

/**
 * One limit: at most `points` events per key in a window. Built on rate-limiter-flexible's common
 * base class, so the in-memory store used today can be swapped for its Redis store (several
 * server nodes) without touching a caller.
 */
export type RateLimit = {
  /** Counts one event; rejects with `error.rate_limited` once the key has used its points. */
  hit(key: string): Promise<void>;
  /** Rejects when the key has no points left, without counting an event. */
  ensureOpen(key: string): Promise<void>;
  /** Forgets the key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Gives back one counted event (a staff sign-in that succeeded does not use up its address's attempts). */
  refund(key: string): Promise<void>;
};

export type RateLimits = {
  /** Failed logins per account (e-mail or area code + number). */
  loginFailuresPerAccount: RateLimit;
  /** Login attempts per client address, successful or not. */
  loginAttemptsPerAddress: RateLimit;
  /** Verification codes sent per destination (address or number). */
  codesPerDestination: RateLimit;
  /** Verification codes asked per client address. */
  codesPerAddress: RateLimit;
  /** Demo logins per client address (each may create a user). */
  demoLoginsPerAddress: RateLimit;
  /** Image captchas per client address (each is a stored row). */
  captchasPerAddress: RateLimit;
  /** Image uploads per user, accepted or not (each costs a decode and a re-encode). */
  uploadsPerUser: RateLimit;
  /** Customer-service messages per user. */
  supportMessagesPerUser: RateLimit;
  /**
   * Back-office sign-ins per client address that did not succeed (each attempt is counted as it
   * starts and given back when it succeeds, so an office behind one address is never locked out by
   * its own good sign-ins); failed ones count per account too.
   */
  staffLoginsPerAddress: RateLimit;
  /** Failed staff sign-ins per account (a wrong password or second factor): the lockout. */
  staffLoginFailuresPerAccount: RateLimit;
};

function secondsLeft(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

function limitOf(limiter: RateLimiterAbstract): RateLimit {
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        // The store rejects with a RateLimiterRes when the points are spent; anything else is a fault.
        if (error instanceof RateLimiterRes) {
          throw new Rejection('error.rate_limited', { seconds: secondsLeft(error.msBeforeNext) });
        }
        throw error;
      }
    },
    async ensureOpen(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= limiter.points) {
        throw new Rejection('error.rate_limited', { seconds: secondsLeft(state.msBeforeNext) });
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
  };
}

function memoryLimit(keyPrefix: string, points: number, durationSeconds: number): RateLimit {
  return limitOf(new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds }));
}

/** Fresh limits for one application instance (each test app starts with clean counters). */
export function createRateLimits(): RateLimits {
  return {
    loginFailuresPerAccount: memoryLimit(
      'login-account',
      SERVER_LIMITS.loginFailuresPerAccountMax,
      SERVER_LIMITS.loginFailuresPerAccountWindowSeconds,
    ),
    loginAttemptsPerAddress: memoryLimit(
      'login-address',
      SERVER_LIMITS.loginAttemptsPerAddressMax,
      SERVER_LIMITS.loginAttemptsPerAddressWindowSeconds,
    ),
    codesPerDestination: memoryLimit(
      'code-destination',
      SERVER_LIMITS.codesPerDestinationMax,
      SERVER_LIMITS.codesPerDestinationWindowSeconds,
    ),
    codesPerAddress: memoryLimit(
      'code-address',
      SERVER_LIMITS.codesPerAddressMax,
      SERVER_LIMITS.codesPerAddressWindowSeconds,
    ),
    demoLoginsPerAddress: memoryLimit(
      'demo-address',
      SERVER_LIMITS.demoLoginsPerAddressMax,
      SERVER_LIMITS.demoLoginsPerAddressWindowSeconds,
    ),
    captchasPerAddress: memoryLimit(
      'captcha-address',
      SERVER_LIMITS.captchasPerAddressMax,
      SERVER_LIMITS.captchasPerAddressWindowSeconds,
    ),
    uploadsPerUser: memoryLimit(
      'upload-user',
      SERVER_LIMITS.uploadsPerUserMax,
      SERVER_LIMITS.uploadsPerUserWindowSeconds,
    ),
    supportMessagesPerUser: memoryLimit(
      'support-user',
      SERVER_LIMITS.supportMessagesPerUserMax,
      SERVER_LIMITS.supportMessagesPerUserWindowSeconds,
    ),
    staffLoginsPerAddress: memoryLimit(
      'staff-login-address',
      SERVER_LIMITS.loginAttemptsPerAddressMax,
      SERVER_LIMITS.loginAttemptsPerAddressWindowSeconds,
    ),
    staffLoginFailuresPerAccount: memoryLimit(
      'staff-login-account',
      SERVER_LIMITS.staffLoginFailuresMax,
      SERVER_LIMITS.staffLoginFailuresWindowSeconds,
    ),
  };
}
