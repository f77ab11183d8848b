import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userReference } from './schema-core';

/** Back-office accounts: separate from customers, with their own sessions and roles. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    /** Shown to customers on agent chat messages instead of the e-mail. */
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The TOTP secret (base32): set when an enrolment is opened, confirmed by a first code. */
    totpSecret: text('totp_secret'),
    /** When a first code confirmed the secret; until then the account cannot sign in. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last accepted code: a code of that step or earlier is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The one-time enrolment link's token, stored hashed, and when it stops working. */
    enrolmentTokenHash: text('enrolment_token_hash').unique(),
    enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'staff_accounts_role',
      sql`${table.role} in ('admin', 'support', 'finance', 'compliance', 'content')`,
    ),
  ],
);

/** One-time recovery codes of a staff member's second factor, stored hashed; each is used once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

/** Staff sessions: the customer token design (random, stored hashed, sliding expiry), shorter. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * Every back-office action: who (null for a failed login of an unknown account), what, on which
 * target, with details. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_staff_idx').on(table.staffId, table.id),
    index('audit_log_target_idx').on(table.target, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);

/** Staff's internal notes on a customer (never shown to the customer); only ever added. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_notes_user_idx').on(table.userId, table.id)],
);

/**
 * Control changes proposed by one staff member and applied only when a different admin approves:
 * the fields before and after, who proposed and who decided, and when it
 * expires. Approval applies the change in the same transaction as the state turns `applied`.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** What it changes, as the audit log names it (`deposit_channel:3`). */
    target: text('target').notNull(),
    /** The target in words as it was named when proposed (`USDT TRC20`), for the screens. */
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before').$type<Record<string, string>>().notNull(),
    after: jsonb('after').$type<Record<string, string>>().notNull(),
    state: text('state').notNull().default('pending'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => staffAccounts.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason').notNull().default(''),
  },
  (table) => [
    check(
      'proposals_kind',
      sql`${table.kind} in ('deposit_channel', 'wire_account', 'setting', 'staff_role', 'staff_create')`,
    ),
    check('proposals_state', sql`${table.state} in ('pending', 'applied', 'rejected', 'expired')`),
    check('proposals_decided', sql`(${table.state} = 'pending') = (${table.decidedAt} is null)`),
    check(
      'proposals_other_decider',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.proposedBy}`,
    ),
    index('proposals_state_idx').on(table.state, table.id),
    index('proposals_target_idx').on(table.target, table.id),
    index('proposals_proposer_idx').on(table.proposedBy, table.id),
  ],
);
