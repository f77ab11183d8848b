import type {
  AddCustomerNoteRequest,
  CustomerAccount,
  CustomerDetail,
  CustomerLedgerPage,
  CustomerLedgerQuery,
  CustomerLoginState,
  CustomerNote,
  CustomerNoteList,
  CustomerOrdersPage,
  CustomerOrdersQuery,
  CustomerSearchPage,
  CustomerSearchQuery,
  CustomerSummary,
  DisableLoginRequest,
} from '@meridian/contract/customers-staff';
import type { Language } from '@meridian/contract/languages';
import { identityShownTo } from '@meridian/domain/identity-masking';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { translate } from '../../http/i18n';
import { SERVER_LIMITS } from '../../limits';
import {
  type CustomerRecordRow,
  customerRecord,
  endUserSessions,
  liveSessionsOf,
  lockCustomer,
  searchCustomerRecords,
  sessionsEnded,
  setLoginDisabledAt,
} from '../auth/auth.public';
import { followsOfCustomer } from '../copy/copy.public';
import { identityRecordOf } from '../kyc/kyc.public';
import { billingHistory, findAccountOfUser } from '../ledger/ledger.public';
import { acceptancesOf } from '../legal/legal.public';
import {
  type AuthenticatedStaff,
  actorOf,
  answeredPage,
  listAuditEntry,
  listWindow,
  readAuditedList,
  recordAudit,
  requirePermission,
} from '../staff/staff.public';
import { forexDetail, ordersForStaff } from '../trading/trading.public';
import * as repository from './customers.repository';

// The back office's customers: search, a customer's page, notes, and the login actions. Other
// areas' data is read through their front doors; every call is in the audit log.

const iso = (at: Date | null | undefined) => at?.toISOString() ?? '';
const targetOf = (userId: UserId) => `user:${userId}`;

function summaryOf(row: CustomerRecordRow): CustomerSummary {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email ?? '',
    mobile: row.mobile ? `${row.globalCode ?? ''} ${row.mobile}`.trim() : '',
    is_demo: row.isDemo,
    created_at: iso(row.createdAt),
    login_disabled_at: iso(row.loginDisabledAt),
  };
}

async function requireCustomer(context: ServerContext, id: UserId): Promise<CustomerRecordRow> {
  const row = await customerRecord(context.db, id);
  if (!row) throw new Rejection('error.customer_unknown');
  return row;
}

/**
 * Customers, newest first: all of them, or those whose uid, e-mail, name or mobile number holds what
 * was typed; audited with what was searched (an empty q: the browsable list).
 */
export async function searchCustomers(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: CustomerSearchQuery,
): Promise<CustomerSearchPage> {
  const q = query.q ?? '';
  const { rows, total, page, limit } = await readAuditedList(context, staff, query, {
    permission: 'customers.read',
    read: (window) => searchCustomerRecords(context.db, q, window),
    audit: ({ total }) => ({
      action: 'customer.search',
      list: 'customers',
      target: null,
      details: { q, page: query.page, found: total },
    }),
  });
  return { list: rows.map(summaryOf), total, page, limit };
}

async function accountsOf(context: ServerContext, userId: UserId): Promise<CustomerAccount[]> {
  const account = await findAccountOfUser(context.db, userId);
  if (!account) return [];
  const figures = await forexDetail(context, { id: userId });
  return [
    {
      account_id: account.accountId,
      mode: account.mode,
      currency: figures.currency,
      balance: figures.balance,
      lock_balance: figures.lock_balance,
      margin: figures.margin,
      pending_margin: figures.pending_margin,
      floating_profit: figures.floating_profit,
      net_value: figures.net_value,
      risk_rate: figures.risk_rate ?? '',
    },
  ];
}

function identityFieldsFor(staff: AuthenticatedStaff, identity: { name: string; cardId: string }) {
  const shown = identityShownTo(staff.role, identity);
  return { name: shown.name, card_id: shown.cardId };
}

/** A customer's page: identity, accounts and their buckets, real-name record, follows, live sessions. */
export async function customerDetail(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: UserId,
): Promise<CustomerDetail> {
  await requirePermission(context, staff, 'customers.read');
  const row = await requireCustomer(context, id);
  const now = context.clock.now();
  const [accounts, identity, follows, sessions, legal] = await Promise.all([
    accountsOf(context, id),
    identityRecordOf(context.db, id),
    followsOfCustomer(context, id),
    liveSessionsOf(context.db, id, now),
    acceptancesOf(context.db, id),
  ]);
  await recordAudit(context.db, actorOf(staff), {
    action: 'customer.view',
    target: targetOf(id),
    details: {},
    at: now,
  });
  return {
    customer: { ...summaryOf(row), language: row.language },
    accounts,
    identity: {
      state: identity.state,
      // Masked for the roles without identity.read (support, finance): they serve the customer
      // without needing the whole ID number or legal name.
      ...identityFieldsFor(staff, identity),
      reason: identity.reason,
      submitted_at: iso(identity.submittedAt),
      reviewed_at: iso(identity.reviewedAt),
    },
    follows,
    sessions: sessions.map((session) => ({
      id: session.id,
      created_at: iso(session.createdAt),
      last_seen_at: iso(session.lastSeenAt),
      expires_at: iso(session.expiresAt),
      address: session.address ?? '',
      device: session.userAgent ?? '',
    })),
    legal,
  };
}

/** The available balance's entries of the customer's account, newest first; audited. */
export async function customerLedger(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: CustomerLedgerQuery & { id: UserId },
  language: Language,
): Promise<CustomerLedgerPage> {
  const { rows, total, page, limit, accountId } = await readAuditedList(context, staff, query, {
    permission: 'customers.read',
    read: async (window) => {
      await requireCustomer(context, query.id);
      const account = await findAccountOfUser(context.db, query.id);
      if (!account || (query.account_id !== undefined && query.account_id !== account.accountId)) {
        throw new Rejection('error.not_found');
      }
      const { entries, total } = await billingHistory(context.db, account.accountId, window);
      return { rows: entries, total, accountId: account.accountId };
    },
    audit: ({ accountId }) => ({
      action: 'customer.ledger_read',
      list: 'customer_ledger',
      target: targetOf(query.id),
      details: { accountId, page: query.page },
    }),
  });
  return {
    account_id: accountId,
    list: rows.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      kind: entry.kind,
      memo: translate(language, entry.memoKey, entry.memoParams),
      order_id: entry.orderId,
      created_at: iso(entry.createdAt),
    })),
    total,
    page,
    limit,
  };
}

/** The customer's orders of one tab as their own list shows them (or sorted by a column); audited. */
export async function customerOrders(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: CustomerOrdersQuery & { id: UserId },
): Promise<CustomerOrdersPage> {
  await requirePermission(context, staff, 'customers.read');
  await requireCustomer(context, query.id);
  const window = listWindow(query);
  if (!(await findAccountOfUser(context.db, query.id)))
    return { list: [], total: 0, ...answeredPage(window, query) };
  const { list, total } = await ordersForStaff(context, query.id, {
    status: query.status,
    offset: window.offset,
    limit: window.limit,
    sort: window.sort,
  });
  await recordAudit(
    context.db,
    actorOf(staff),
    listAuditEntry(
      window,
      {
        action: 'customer.orders_read',
        list: 'customer_orders',
        target: targetOf(query.id),
        details: { status: query.status, page: query.page },
      },
      { rows: list.length, total },
      context.clock.now(),
    ),
  );
  return { list, total, ...answeredPage(window, query) };
}

function noteView(row: repository.CustomerNoteRow): CustomerNote {
  return {
    id: row.id,
    body: row.body,
    staff: { id: row.staffId, name: row.staffName },
    created_at: iso(row.createdAt),
  };
}

/** The customer's internal notes, newest first; audited. */
export async function customerNotes(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: UserId,
): Promise<CustomerNoteList> {
  await requirePermission(context, staff, 'customers.read');
  await requireCustomer(context, id);
  const rows = await repository.listNotes(context.db, id, SERVER_LIMITS.customerNotesShownMax);
  await recordAudit(context.db, actorOf(staff), {
    action: 'customer.notes_read',
    target: targetOf(id),
    details: {},
    at: context.clock.now(),
  });
  return { list: rows.map(noteView) };
}

/** Adds an internal note (never shown to the customer), with its audit entry in one transaction. */
export async function addCustomerNote(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: AddCustomerNoteRequest & { id: UserId },
): Promise<CustomerNote> {
  await requirePermission(context, staff, 'customers.note');
  await requireCustomer(context, input.id);
  const now = context.clock.now();
  const noteId = await context.db.transaction(async (tx) => {
    const id = await repository.insertNote(tx, {
      userId: input.id,
      staffId: staff.id,
      body: input.body,
      at: now,
    });
    await recordAudit(tx, actorOf(staff), {
      action: 'customer.note_added',
      target: targetOf(input.id),
      details: { noteId: id, after: { body: input.body } },
      at: now,
    });
    return id;
  });
  const row = await repository.findNote(context.db, noteId);
  if (!row) throw new Error(`note ${noteId} vanished`);
  return noteView(row);
}

type LoginAction = { kind: 'disable'; reason: string } | { kind: 'enable' } | { kind: 'revoke_sessions' };

const AUDIT_ACTIONS = {
  disable: 'customer.login_disabled',
  enable: 'customer.login_enabled',
  revoke_sessions: 'customer.sessions_revoked',
} as const;

/**
 * Disables or enables a customer's login, or ends their sessions, under the customer's row lock:
 * the change, the ended sessions and the audit entry (before and after) commit together. Disabling
 * ends every session too; once committed, `sessionsEnded` (the auth area's path) forgets them on
 * this node and tells the sockets on every node.
 */
async function changeLogin(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: UserId,
  action: LoginAction,
): Promise<CustomerLoginState> {
  await requirePermission(context, staff, 'customers.manage');
  const now = context.clock.now();
  const outcome = await context.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, id);
    if (!customer) throw new Rejection('error.customer_unknown');
    const wasDisabled = customer.loginDisabledAt !== null;
    if (action.kind === 'disable' && wasDisabled) throw new Rejection('error.login_already_disabled');
    if (action.kind === 'enable' && !wasDisabled) throw new Rejection('error.login_not_disabled');
    const live = await liveSessionsOf(tx, id, now);
    const endsSessions = action.kind !== 'enable';
    let disabledAt = customer.loginDisabledAt;
    if (action.kind === 'disable') disabledAt = now;
    if (action.kind === 'enable') disabledAt = null;
    if (action.kind !== 'revoke_sessions') await setLoginDisabledAt(tx, id, disabledAt);
    if (endsSessions) await endUserSessions(tx, { userId: id, now });
    const ended = endsSessions ? live.length : 0;
    await recordAudit(tx, actorOf(staff), {
      action: AUDIT_ACTIONS[action.kind],
      target: targetOf(id),
      details: {
        ...(action.kind === 'disable' ? { reason: action.reason } : {}),
        before: { loginDisabledAt: iso(customer.loginDisabledAt) || null, liveSessions: live.length },
        after: { loginDisabledAt: iso(disabledAt) || null, liveSessions: live.length - ended },
      },
      at: now,
    });
    return { disabledAt, ended };
  });
  if (action.kind !== 'enable') sessionsEnded(context, { userId: id, keepSessionId: null });
  return { id, login_disabled_at: iso(outcome.disabledAt), sessions_ended: outcome.ended };
}

export function disableLogin(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: DisableLoginRequest & { id: UserId },
) {
  return changeLogin(context, staff, input.id, { kind: 'disable', reason: input.reason });
}

export function enableLogin(context: ServerContext, staff: AuthenticatedStaff, id: UserId) {
  return changeLogin(context, staff, id, { kind: 'enable' });
}

export function revokeSessions(context: ServerContext, staff: AuthenticatedStaff, id: UserId) {
  return changeLogin(context, staff, id, { kind: 'revoke_sessions' });
}
