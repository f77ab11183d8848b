/**
 * What each back-office role may do. Admins may do everything; the others only their own area,
 * so a finance clerk cannot read customers' chats and an agent cannot approve money. Looking a
 * customer up is shared by the roles that serve customers (each read is audited); acting on a
 * customer's login is for compliance and admins; market terms, settings, the audit log, the outbox
 * and staff accounts are admins' alone.
 */
export type StaffRoleName = 'admin' | 'support' | 'finance' | 'compliance' | 'content';
export type StaffPermission =
  | 'dashboard.read'
  | 'customers.read'
  | 'customers.note'
  | 'customers.manage'
  | 'identity.read'
  | 'support.read'
  | 'support.reply'
  | 'kyc.review'
  | 'funds.review'
  | 'content.edit'
  | 'instruments.edit'
  | 'settings.edit'
  | 'audit.read'
  | 'outbox.read'
  | 'staff.manage'
  /** Seeing proposed control changes: admins every one, the others who may propose only their own. */
  | 'proposals.read'
  /** Approving or rejecting another's proposed control change. */
  | 'proposals.decide';

const EVERYTHING: readonly StaffPermission[] = [
  'dashboard.read',
  'customers.read',
  'customers.note',
  'customers.manage',
  'identity.read',
  'support.read',
  'support.reply',
  'kyc.review',
  'funds.review',
  'content.edit',
  'instruments.edit',
  'settings.edit',
  'audit.read',
  'outbox.read',
  'staff.manage',
  'proposals.read',
  'proposals.decide',
];

const PERMISSIONS: Record<StaffRoleName, readonly StaffPermission[]> = {
  admin: EVERYTHING,
  support: ['dashboard.read', 'customers.read', 'customers.note', 'support.read', 'support.reply'],
  finance: ['dashboard.read', 'customers.read', 'customers.note', 'funds.review', 'proposals.read'],
  compliance: [
    'dashboard.read',
    'customers.read',
    'customers.note',
    'customers.manage',
    'identity.read',
    'kyc.review',
    'support.read',
  ],
  content: ['content.edit'],
};

export const STAFF_ROLE_NAMES = Object.keys(PERMISSIONS) as readonly StaffRoleName[];
export const STAFF_PERMISSIONS = EVERYTHING;

/** The roles that hold a permission (the back office's route table declares these per route). */
export function rolesWith(permission: StaffPermission): StaffRoleName[] {
  return STAFF_ROLE_NAMES.filter((role) => PERMISSIONS[role].includes(permission));
}

export function staffMay(role: StaffRoleName, permission: StaffPermission): boolean {
  return PERMISSIONS[role].includes(permission);
}
