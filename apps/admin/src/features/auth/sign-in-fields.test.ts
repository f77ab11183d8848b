import { describe, expect, it } from 'vitest';
import { signInRequest } from './sign-in-fields';

describe('signInRequest', () => {
  const values = { email: 'ann@example.com', password: 'secret', code: '123456', recovery_code: 'abcd-efgh' };

  it("sends the authenticator's code, not a recovery code left in the form", () => {
    expect(signInRequest(values, false)).toEqual({
      email: 'ann@example.com',
      password: 'secret',
      code: '123456',
    });
  });

  it('sends the recovery code instead when the form asked for one', () => {
    expect(signInRequest(values, true)).toEqual({
      email: 'ann@example.com',
      password: 'secret',
      recovery_code: 'abcd-efgh',
    });
  });
});
