/**
 * What each back-office role may do. Admins may do everything; the others only their own area,
 * so a finance clerk cannot read customers' chats and an agent cannot approve money.
 */
export type StaffRoleName = 'admin' | 'support' | 'finance' | 'compliance';
export type StaffPermission = 'support.read' | 'support.reply' | 'kyc.review' | 'funds.review';

const PERMISSIONS: Record<StaffRoleName, readonly StaffPermission[]> = {
  admin: ['support.read', 'support.reply', 'kyc.review', 'funds.review'],
  support: ['support.read', 'support.reply'],
  finance: ['funds.review'],
  compliance: ['kyc.review', 'support.read'],
};

export function staffMay(role: StaffRoleName, permission: StaffPermission): boolean {
  return PERMISSIONS[role].includes(permission);
}
