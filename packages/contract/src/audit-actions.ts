/**
 * Every action the server writes to the audit log, once, with its kind: a `change` (something in
 * the books, the content or the staff was changed), a `read` (staff looked at customers' data: a
 * read is audited too, as privacy asks) or an `access` (a sign-in, a sign-out, a refusal).
 * The server's `recordAudit` accepts only these keys, so a new action cannot be written without
 * being added here; the back office names each one in words (its locale files, `auditActions.*`),
 * and a test checks that every key here has a phrase in every language.
 */
export type AuditActionKind = 'change' | 'read' | 'access';

export const AUDIT_ACTION_KINDS = {
  'content.announcement_deleted': 'change',
  'content.announcement_published': 'change',
  'content.announcement_saved': 'change',
  'content.announcement_unpublished': 'change',
  'content.company_saved': 'change',
  'content.company_settings_saved': 'change',
  'content.news_deleted': 'change',
  'content.news_published': 'change',
  'content.news_saved': 'change',
  'content.news_unpublished': 'change',
  'customer.context_read': 'read',
  'customer.ledger_read': 'read',
  'customer.login_disabled': 'change',
  'customer.login_enabled': 'change',
  'customer.note_added': 'change',
  'customer.notes_read': 'read',
  'customer.orders_read': 'read',
  'customer.search': 'read',
  'customer.sessions_revoked': 'change',
  'customer.view': 'read',
  'funds.channel_update': 'change',
  'funds.channels_read': 'read',
  'funds.deposit_approve': 'change',
  'funds.deposit_first_approval': 'change',
  'funds.deposit_invalidate': 'change',
  'funds.deposit_proof_opened': 'read',
  'funds.deposit_reject': 'change',
  'funds.deposits_read': 'read',
  'funds.wire_account_update': 'change',
  'funds.withdrawal_approved': 'change',
  'funds.withdrawal_paid': 'change',
  'funds.withdrawal_rejected': 'change',
  'funds.withdrawals_read': 'read',
  'instruments.update': 'change',
  'kyc.approve': 'change',
  'kyc.photos_opened': 'read',
  'kyc.reject': 'change',
  'kyc.submissions_read': 'read',
  'legal.version_published': 'change',
  'market.feed_switched': 'change',
  'outbox.read': 'read',
  'proposals.approve': 'change',
  'proposals.expire': 'change',
  'proposals.propose': 'change',
  'proposals.reject': 'change',
  'settings.update': 'change',
  'socket.subscribe': 'access',
  'staff.create': 'change',
  'staff.disable': 'change',
  'staff.enable': 'change',
  'staff.enrol_failed': 'access',
  'staff.enrolled': 'change',
  'staff.enrolment_issued': 'change',
  'staff.enrolment_reissued': 'change',
  'staff.forbidden': 'access',
  'staff.list_export': 'read',
  'staff.login': 'access',
  'staff.login_failed': 'access',
  'staff.logout': 'access',
  'staff.role': 'change',
  'support.close': 'change',
  'support.list': 'read',
  'support.mark_read': 'change',
  'support.read': 'read',
  'support.reply': 'change',
} as const satisfies Record<string, AuditActionKind>;

export type AuditAction = keyof typeof AUDIT_ACTION_KINDS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_KINDS) as AuditAction[];

/** The actions of one kind, for the audit log's filter. */
export function auditActionsOf(kind: AuditActionKind): AuditAction[] {
  return AUDIT_ACTIONS.filter((action) => AUDIT_ACTION_KINDS[action] === kind);
}
