import type { MessageParams } from './i18n';

/**
 * An expected refusal (bad input, wrong password, rate limit): answered with code 0 and the
 * message translated into the request's language. Never used for broken invariants.
 */
export class Rejection extends Error {
  readonly key: string;
  readonly params: MessageParams;

  constructor(key: string, params: MessageParams = {}) {
    super(key);
    this.name = 'Rejection';
    this.key = key;
    this.params = params;
  }
}

/** The session token is missing, unknown, revoked or expired: answered with code 999. */
export class SessionInvalid extends Error {
  constructor() {
    super('session invalid');
    this.name = 'SessionInvalid';
  }
}
