import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { LIMITS } from '@meridian/contract/limits';
import type { ConversationSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { ConversationSummary } from '@meridian/contract/staff';
import type { SupportMessage } from '@meridian/contract/support';
import { TOPIC_SUPPORT_AGENTS } from '@meridian/contract/support-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Image,
  Input,
  List,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { CsvButton, exportList, type ListColumn, LoadFailed } from '../../lib/list-table';
import { type SocketStatus, useStaffTopic } from '../../lib/staff-socket';
import { useAction } from '../../lib/use-action';
import { formatTime } from './format-time';
import {
  applyAgentsPush,
  CONVERSATIONS_KEY,
  type ConversationStatus,
  closeConversation,
  markRead,
  olderMessages,
  reply,
  THREAD_KEY,
  type Thread,
  useConversations,
  useThread,
} from './support-api';

const STATUSES: ConversationStatus[] = ['open', 'closed', 'all'];
const SORT_KEYS: ConversationSortKey[] = ['last_message_at', 'unread', 'customer', 'id', 'closed_at'];

/** The conversations' CSV file: what the list shows of each. */
function conversationColumns(t: (key: string) => string): ListColumn<ConversationSummary>[] {
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

/**
 * How the conversations are ordered: the queue's own order (the default), or by a column the server
 * sorts by in either direction; the whole list, so ordered, as a CSV file.
 */
function ConversationOrder({
  sort,
  order,
  onChange,
  csv,
}: {
  sort: ConversationSortKey | undefined;
  order: SortOrder;
  onChange: (sort: ConversationSortKey | undefined, order: SortOrder) => void;
  csv: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" className="support-order" style={{ marginBottom: 8 }}>
      {/* A visible label, not only one for screen readers: the choice alone ("Queue order") reads as a value without a question. */}
      <label htmlFor="support-sort" className="support-sort-label" style={{ whiteSpace: 'nowrap' }}>
        {t('support.sortBy')}
      </label>
      <Select<ConversationSortKey | 'queue'>
        id="support-sort"
        className="support-sort"
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        value={sort ?? 'queue'}
        onChange={(value) => onChange(value === 'queue' ? undefined : value, order)}
        options={[
          { value: 'queue', label: t('support.sortKeys.queue') },
          ...SORT_KEYS.map((value) => ({ value, label: t(`support.sortKeys.${value}`) })),
        ]}
      />
      <Button
        size="small"
        className="support-sort-order"
        disabled={!sort}
        aria-label={t(order === 'asc' ? 'support.ascending' : 'support.descending')}
        title={t(order === 'asc' ? 'support.ascending' : 'support.descending')}
        icon={order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
        onClick={() => onChange(sort, order === 'asc' ? 'desc' : 'asc')}
      />
      {csv}
    </Flex>
  );
}
const PAGE_SIZE = 20;

function LiveTag({ status }: { status: SocketStatus }) {
  const { t } = useTranslation();
  const color = status === 'live' ? 'green' : status === 'connecting' ? 'orange' : 'default';
  return (
    <Tag color={color} className="support-live" data-status={status}>
      {t(`support.live.${status}`)}
    </Tag>
  );
}

/**
 * The support console (roles support, compliance to read; support and admin to answer): the
 * conversations with their unread counts, the selected one's thread, the reply box, mark read and
 * close. Customers' messages arrive live over the staff socket; after a dropped connection the
 * screen reads everything again, since pushes sent meanwhile were missed.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ConversationStatus>('open');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ConversationSortKey>();
  const [order, setOrder] = useState<SortOrder>('desc');
  const [selectedId, setSelectedId] = useState<number>();
  const sorted = sort ? { sort, order } : {};
  const conversations = useConversations({ status, page, limit: PAGE_SIZE, ...sorted });

  const socketStatus = useStaffTopic(TOPIC_SUPPORT_AGENTS, (push) => applyAgentsPush(queryClient, push));
  const wasLive = useRef(false);
  useEffect(() => {
    if (socketStatus !== 'live') return;
    if (wasLive.current) {
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: THREAD_KEY });
    }
    wasLive.current = true;
  }, [socketStatus, queryClient]);

  // The selected conversation as the list last showed it (kept when it leaves the filtered list).
  const listed = conversations.data?.list.find((item) => item.id === selectedId);
  const [selected, setSelected] = useState<ConversationSummary>();
  useEffect(() => {
    if (listed) setSelected(listed);
  }, [listed]);

  return (
    <Page
      title={t('nav.support')}
      extra={
        <Space>
          <LiveTag status={socketStatus} />
          <Button onClick={() => conversations.refetch()} loading={conversations.isFetching}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Flex gap={16} align="stretch" className="support-console">
        <Card
          size="small"
          style={{ width: 360, flex: 'none' }}
          title={
            <Segmented
              className="support-filter"
              value={status}
              onChange={(value) => {
                setStatus(value as ConversationStatus);
                setPage(1);
              }}
              options={STATUSES.map((value) => ({ value, label: t(`support.filter.${value}`) }))}
            />
          }
        >
          <ConversationOrder
            sort={sort}
            order={order}
            onChange={(nextSort, nextOrder) => {
              setSort(nextSort);
              setOrder(nextOrder);
              setPage(1);
            }}
            csv={
              <CsvButton<ConversationSummary>
                csvName="support-conversations"
                columns={conversationColumns(t)}
                rows={conversations.data?.list ?? []}
                exportRows={() =>
                  exportList<ConversationSummary>('/support/conversations', { status, ...sorted })
                }
                disabled={conversations.isPending || (conversations.data?.total ?? 0) === 0}
              />
            }
          />
          {conversations.isError && <LoadFailed query={conversations} />}
          <List<ConversationSummary>
            style={conversations.isError ? { display: 'none' } : undefined}
            className="support-conversations"
            loading={conversations.isLoading}
            dataSource={conversations.data?.list ?? []}
            locale={{ emptyText: <Empty description={t('support.noConversations')} /> }}
            renderItem={(item) => (
              <List.Item
                key={item.id}
                data-conversation-id={item.id}
                data-user-id={item.user.id}
                data-unread={item.unread}
                className={item.id === selectedId ? 'support-conversation selected' : 'support-conversation'}
                onClick={() => {
                  setSelectedId(item.id);
                  setSelected(item);
                }}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background: item.id === selectedId ? 'rgba(22, 119, 255, 0.08)' : undefined,
                }}
              >
                <List.Item.Meta
                  title={
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong ellipsis>
                        {item.user.uid} · {item.user.email || `#${item.user.id}`}
                      </Typography.Text>
                      <Badge count={item.unread} className="support-unread" />
                    </Flex>
                  }
                  description={
                    <Flex vertical gap={2}>
                      <Typography.Text type="secondary" ellipsis className="support-last-text">
                        {item.last_text || t('support.image')}
                      </Typography.Text>
                      <Space size={4}>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {formatTime(item.last_message_at)}
                        </Typography.Text>
                        {item.closed_at !== '' && <Tag>{t('support.closed')}</Tag>}
                        {item.user.is_demo === 1 && <Tag color="purple">{t('support.demo')}</Tag>}
                      </Space>
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
          {(conversations.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={conversations.data?.total ?? 0}
              onChange={setPage}
              showSizeChanger={false}
              style={{ marginTop: 12, textAlign: 'center' }}
            />
          )}
        </Card>
        <Card size="small" style={{ flex: 1, minWidth: 0 }} className="support-thread-card">
          {selected ? (
            <ConversationPanel key={selected.id} conversation={selected} />
          ) : (
            <Empty description={t('support.pick')} style={{ marginBlock: 96 }} />
          )}
        </Card>
      </Flex>
    </Page>
  );
}

function ConversationPanel({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const thread = useThread(conversation.id);
  const [older, setOlder] = useState<Thread>({ list: [], has_more: true });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const mayReply = staffMay(staff.role, 'support.reply');
  const refresh = [CONVERSATIONS_KEY, [...THREAD_KEY, conversation.id]];
  const send = useAction(reply, { refresh, successKey: 'support.sent', onDone: () => setText('') });
  const read = useAction(markRead, { refresh: [CONVERSATIONS_KEY], successKey: 'support.markedRead' });
  const close = useAction(closeConversation, {
    refresh: [CONVERSATIONS_KEY],
    successKey: 'support.closedDone',
  });
  const bottom = useRef<HTMLDivElement>(null);
  const messages = [...older.list, ...(thread.data?.list ?? [])];
  const newestId = messages.at(-1)?.id;

  useEffect(() => {
    if (newestId !== undefined) bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await olderMessages(conversation.id, first.id);
      setOlder((current) => ({ list: [...page.list, ...current.list], has_more: page.has_more }));
    } finally {
      setLoadingOlder(false);
    }
  };
  const hasOlder = older.list.length > 0 ? older.has_more : (thread.data?.has_more ?? false);

  return (
    <Flex vertical gap={12} className="support-thread" data-conversation-id={conversation.id}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Space direction="vertical" size={0}>
          <Typography.Text strong>
            {conversation.user.uid} · {conversation.user.email || `#${conversation.user.id}`}
          </Typography.Text>
          <Typography.Text type="secondary">
            {conversation.closed_at !== ''
              ? t('support.closedAt', { time: formatTime(conversation.closed_at) })
              : t('support.unreadCount', { count: conversation.unread })}
          </Typography.Text>
        </Space>
        <Space>
          {/* Marking read changes the agents' queue: compliance reads chats only. */}
          {mayReply && (
            <Button
              className="support-mark-read"
              disabled={conversation.unread === 0}
              loading={read.isPending}
              onClick={() => read.mutate({ conversation_id: conversation.id })}
            >
              {t('support.markRead')}
            </Button>
          )}
          {mayReply && conversation.closed_at === '' && (
            <Popconfirm
              title={t('support.closeConfirm')}
              description={t('support.closeHint')}
              okText={t('support.close')}
              cancelText={t('common.cancel')}
              onConfirm={() => close.mutateAsync({ conversation_id: conversation.id })}
            >
              <Button className="support-close" danger loading={close.isPending}>
                {t('support.close')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>

      <div
        className="support-messages"
        style={{
          height: 'calc(100vh - 380px)',
          minHeight: 280,
          overflowY: 'auto',
          background: '#f5f6f8',
          borderRadius: 8,
          padding: 12,
        }}
      >
        {thread.isLoading && <Skeleton active className="list-skeleton" />}
        {thread.isError && <LoadFailed query={thread} />}
        {hasOlder && (
          <Flex justify="center" style={{ marginBottom: 8 }}>
            <Button size="small" loading={loadingOlder} onClick={loadOlder}>
              {t('support.older')}
            </Button>
          </Flex>
        )}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        <div ref={bottom} />
      </div>

      {mayReply && (
        <Flex gap={8} align="end" className="support-reply">
          <Input.TextArea
            className="support-reply-text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('support.replyPlaceholder')}
            maxLength={LIMITS.supportTextLengthMax}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onPressEnter={(event) => {
              if (event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              if (text.trim() !== '') send.mutate({ conversation_id: conversation.id, text });
            }}
          />
          <Button
            type="primary"
            className="support-send"
            disabled={text.trim() === ''}
            loading={send.isPending}
            onClick={() => send.mutate({ conversation_id: conversation.id, text })}
          >
            {t('support.send')}
          </Button>
        </Flex>
      )}
      {!mayReply && <Typography.Text type="secondary">{t('support.readOnly')}</Typography.Text>}
    </Flex>
  );
}

function MessageBubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.sender === 'agent';
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} style={{ marginBottom: 8 }}>
      <div
        className={`support-message support-message-${message.sender}`}
        data-message-id={message.id}
        style={{
          maxWidth: '70%',
          background: mine ? '#1677ff' : '#fff',
          color: mine ? '#fff' : undefined,
          borderRadius: 10,
          padding: '8px 12px',
          boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
        }}
      >
        <div style={{ fontSize: 12, opacity: 0.75, marginBottom: 2 }}>
          {mine ? message.agent_name || t('support.agent') : t('support.customer')} ·{' '}
          {formatTime(message.created_at)}
        </div>
        {message.text !== '' && (
          <div className="support-message-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </div>
        )}
        {message.image !== '' && (
          <Image src={message.image} width={200} style={{ borderRadius: 6, marginTop: 4 }} />
        )}
      </div>
    </Flex>
  );
}
