import type { OutboxEntry, OutboxPage, OutboxQuery, OutboxStatus } from '@meridian/contract/outbox-staff';
import type { ServerContext } from '../../context';
import { translate } from '../../http/i18n';
import { type AuthenticatedStaff, readAuditedList } from '../staff/staff.public';
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

/**
 * The back office's outbox viewer: the table, newest first or sorted by a column, admins only, every
 * read audited. An export (list-sort.ts) answers the whole filtered list up to the cap and its count.
 */
export async function viewOutbox(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: OutboxQuery,
): Promise<OutboxPage> {
  const { rows, counted, hasMore, page, limit } = await readAuditedList(context, staff, query, {
    permission: 'outbox.read',
    read: async (window) => {
      const filter = { to: query.to?.trim(), status: query.status };
      const read = await repository.listForViewer(context.db, { ...filter, ...window });
      const rows = read.slice(0, window.limit).map(entryOf);
      const hasMore = read.length > window.limit;
      // A page is not counted (the table may be large); an export says how many it left out.
      const counted = window.exporting
        ? hasMore
          ? await repository.countForViewer(context.db, filter)
          : rows.length
        : undefined;
      return { rows, total: counted ?? rows.length, counted, hasMore };
    },
    audit: ({ rows }) => ({
      action: 'outbox.read',
      list: 'outbox',
      target: null,
      details: { page: query.page, to: query.to ?? '', status: query.status ?? '', shown: rows.length },
    }),
  });
  return {
    list: rows,
    page,
    limit,
    has_more: hasMore,
    ...(counted === undefined ? {} : { total: counted }),
  };
}
