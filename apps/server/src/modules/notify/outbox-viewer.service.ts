import type { OutboxEntry, OutboxPage, OutboxQuery, OutboxStatus } from '@meridian/contract/outbox-staff';
import type { ServerContext } from '../../context';
import { translate } from '../../http/i18n';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import * as repository from './outbox.repository';
import { messageOf } from './outbox.service';

/** One row as the viewer shows it: a code as stored, a notice in the customer's language. */
function entryOf(row: repository.OutboxRow): OutboxEntry {
  const delivery = {
    id: row.id,
    channel: row.channel as OutboxEntry['channel'],
    to: row.recipient,
    at: row.createdAt.toISOString(),
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    last_error: row.lastError ?? '',
    transport: row.transport ?? '',
    sent_at: row.sentAt?.toISOString() ?? '',
  };
  let message: ReturnType<typeof messageOf>;
  try {
    message = messageOf({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      language: row.language,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      created_at: row.createdAt,
      previous_status: row.status,
    });
  } catch {
    // A row that is not a message (the sender fails it too): shown with its error, no content.
    return { ...delivery, kind: row.kind === 'notice' ? 'notice' : 'code', type: '', code: '', text: '' };
  }
  return message.kind === 'code'
    ? { ...delivery, kind: 'code', type: String(message.purpose), code: message.code, text: '' }
    : {
        ...delivery,
        kind: 'notice',
        type: message.type,
        code: '',
        text: translate(message.language, message.key, message.params),
      };
}

/** The back office's outbox viewer: the table, newest first, admins only, every read audited. */
export async function viewOutbox(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: OutboxQuery,
): Promise<OutboxPage> {
  await requirePermission(context, staff, 'outbox.read');
  const rows = await repository.listForViewer(context.db, {
    to: query.to?.trim(),
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const list = rows.slice(0, query.limit).map(entryOf);
  await recordAudit(context.db, actorOf(staff), {
    action: 'outbox.read',
    target: null,
    details: { page: query.page, to: query.to ?? '', status: query.status ?? '', shown: list.length },
    at: context.clock.now(),
  });
  return { list, page: query.page, limit: query.limit, has_more: rows.length > query.limit };
}
