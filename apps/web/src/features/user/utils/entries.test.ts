import { describe, expect, it } from 'vitest';
import { ENTRIES, entriesFor, entryAction } from './entries';

describe('personal-center entries (spec sections 2 and 6)', () => {
  it('lists the spec order, with reset demo account for demo users only', () => {
    expect(entriesFor(true).map((entry) => entry.id)).toEqual([
      'topUp',
      'withdraw',
      'resetDemo',
      'wallet',
      'realAuth',
      'resetPassword',
      'customerService',
      'companyEmail',
      'announcements',
      'executionQuality',
      'language',
      'other',
    ]);
    expect(entriesFor(false).map((entry) => entry.id)).not.toContain('resetDemo');
  });

  it('bars demo users from top-up, withdraw, real auth and reset password', () => {
    const barred = ENTRIES.filter((entry) => entryAction(entry, true).kind === 'real-only').map(
      (entry) => entry.id,
    );
    expect(barred).toEqual(['topUp', 'withdraw', 'realAuth', 'resetPassword']);
  });

  it('lets a real user through to each route', () => {
    const byId = Object.fromEntries(entriesFor(false).map((entry) => [entry.id, entryAction(entry, false)]));
    expect(byId.topUp).toEqual({ kind: 'navigate', path: '/mine/charge' });
    expect(byId.withdraw).toEqual({ kind: 'navigate', path: '/mine/withdraw' });
    expect(byId.realAuth).toEqual({ kind: 'navigate', path: '/mine/auth' });
    expect(byId.resetPassword).toEqual({ kind: 'navigate', path: '/mine/password' });
    expect(byId.other).toEqual({ kind: 'navigate', path: '/mine/system' });
    expect(byId.customerService).toEqual({ kind: 'customer-service' });
  });
});
