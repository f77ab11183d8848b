import type { ConversationSummary } from '@meridian/contract/staff';
import type { ListColumn } from '../../lib/list-table';
import type { SocketStatus } from '../../lib/staff-socket';

/** The conversations' CSV file: what the list shows of each. */
export function conversationColumns(t: (key: string) => string): ListColumn<ConversationSummary>[] {
  return [
    { title: t('support.columns.id'), csv: (row) => row.id },
    { title: t('support.columns.uid'), csv: (row) => row.user.uid },
    { title: t('support.columns.email'), csv: (row) => row.user.email },
    { title: t('support.columns.unread'), csv: (row) => row.unread },
    { title: t('support.columns.lastText'), csv: (row) => row.last_text },
    { title: t('support.columns.lastMessageAt'), csv: (row) => row.last_message_at },
    { title: t('support.columns.closedAt'), csv: (row) => row.closed_at },
  ];
}

/** The live tag's colour: green while pushes arrive, orange while connecting, grey when down. */
export function liveColor(status: SocketStatus): string {
  return status === 'live' ? 'green' : status === 'connecting' ? 'orange' : 'default';
}
