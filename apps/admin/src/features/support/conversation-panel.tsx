import { LIMITS } from '@meridian/contract/limits';
import type { ConversationSummary } from '@meridian/contract/staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Flex, Input, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { LoadFailed } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { MessageBubble } from './message-bubble';
import {
  CONVERSATIONS_KEY,
  closeConversation,
  markRead,
  olderMessages,
  reply,
  THREAD_KEY,
  type Thread,
  useThread,
} from './support-api';

/**
 * One conversation: its thread, older messages on request, and for those who may answer the reply
 * box, mark read and close.
 */
export function ConversationPanel({ conversation }: { conversation: ConversationSummary }) {
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
              ? t('support.closedAt', { time: formatDateTime(conversation.closed_at) })
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
