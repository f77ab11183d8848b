import { describe, expect, it } from 'vitest';
import { staffMay } from './staff-roles';

describe('staff roles', () => {
  it('lets support read and reply to chats, and nothing with money or identity', () => {
    expect(staffMay('support', 'support.read')).toBe(true);
    expect(staffMay('support', 'support.reply')).toBe(true);
    expect(staffMay('support', 'kyc.review')).toBe(false);
    expect(staffMay('support', 'funds.review')).toBe(false);
  });

  it('keeps finance away from chats', () => {
    expect(staffMay('finance', 'support.read')).toBe(false);
    expect(staffMay('finance', 'funds.review')).toBe(true);
  });

  it('lets admin do everything', () => {
    for (const permission of ['support.read', 'support.reply', 'kyc.review', 'funds.review'] as const) {
      expect(staffMay('admin', permission)).toBe(true);
    }
  });
});
