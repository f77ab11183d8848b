import type { User } from '@meridian/contract/auth';

/** A real (not demo) customer in the contract's shape; tests override what they look at. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    uid: '10000001',
    email: '',
    mobile: '',
    area_code: '',
    is_demo: 0,
    invite_code: 'ABCD2345',
    invited_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
