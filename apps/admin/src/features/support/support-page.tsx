import type { ConversationSortKey, SortOrder } from '@meridian/contract/list-sort';
import type { ConversationSummary } from '@meridian/contract/staff';
import { TOPIC_SUPPORT_AGENTS } from '@meridian/contract/support-staff';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Flex, List, Pagination, Segmented, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { CsvButton, exportList, LoadFailed } from '../../lib/list-table';
import { type SocketStatus, useStaffTopic } from '../../lib/staff-socket';
import { conversationColumns, liveColor } from './conversation-columns';
import { ConversationOrder } from './conversation-order';
import { ConversationPanel } from './conversation-panel';
import {
  applyAgentsPush,
  CONVERSATIONS_KEY,
  type ConversationStatus,
  THREAD_KEY,
  useConversations,
} from './support-api';

const STATUSES: ConversationStatus[] = ['open', 'closed', 'all'];
const PAGE_SIZE = 20;

function LiveTag({ status }: { status: SocketStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={liveColor(status)} className="support-live" data-status={status}>
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
                          {formatDateTime(item.last_message_at)}
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
