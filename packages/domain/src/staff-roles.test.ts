import { describe, expect, it } from 'vitest';
import { rolesWith, staffMay } from './staff-roles';

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

describe('content role', () => {
  it('edits content and nothing else; only admins manage staff', () => {
    expect(staffMay('content', 'content.edit')).toBe(true);
    for (const permission of [
      'support.read',
      'support.reply',
      'kyc.review',
      'funds.review',
      'staff.manage',
    ] as const) {
      expect(staffMay('content', permission)).toBe(false);
    }
    expect(rolesWith('staff.manage')).toEqual(['admin']);
    expect(rolesWith('kyc.review')).toEqual(['admin', 'compliance']);
  });
});

describe('back-office areas', () => {
  it('keeps market terms, settings, the audit log, the outbox and staff accounts for admins', () => {
    for (const permission of [
      'instruments.edit',
      'settings.edit',
      'audit.read',
      'outbox.read',
      'staff.manage',
    ] as const) {
      expect(rolesWith(permission)).toEqual(['admin']);
    }
  });

  it('lets the roles that serve customers look them up, and only compliance act on a login', () => {
    expect(rolesWith('customers.read')).toEqual(['admin', 'support', 'finance', 'compliance']);
    expect(rolesWith('customers.manage')).toEqual(['admin', 'compliance']);
    expect(staffMay('content', 'customers.read')).toBe(false);
  });
});
