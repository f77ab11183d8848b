import { describe, expect, it } from 'vitest';
import { inviteLinkOf } from './invite-link';

describe('inviteLinkOf (spec section 9)', () => {
  it('is the origin, /register and the invite code', () => {
    expect(inviteLinkOf('https://app.meridian.example', 'ABCD2345')).toBe(
      'https://app.meridian.example/register?invite_code=ABCD2345',
    );
  });

  it('does not double a trailing slash and encodes the code', () => {
    expect(inviteLinkOf('http://127.0.0.1:8095/', 'A B&C')).toBe(
      'http://127.0.0.1:8095/register?invite_code=A+B%26C',
    );
  });
});
