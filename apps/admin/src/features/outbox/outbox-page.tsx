import { LIMITS } from '@meridian/contract/limits';
import type { SortOrder } from '@meridian/contract/list-sort';
import {
  OUTBOX_STATUSES,
  type OutboxPage as OutboxAnswer,
  type OutboxEntry,
  type OutboxStatus,
} from '@meridian/contract/outbox-staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { adminApi } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useServerPaging } from '../../lib/list-paging';
import { exportList, ListTable } from '../../lib/list-table';
import { pagerTotal, STATUS_COLORS } from './outbox-pages';

const PAGE_SIZE = 25;

type OutboxFilter = {
  page: number;
  limit: number;
  to: string;
  status: OutboxStatus | undefined;
  /** The server's sort (list-sort.ts); absent: newest first. */
  sort?: string | undefined;
  order?: SortOrder | undefined;
};

/** GET /admin/api/outbox: newest first or sorted by the server, without a total (the table may be large). */
function useOutbox(filter: OutboxFilter) {
  return useQuery({
    queryKey: ['outbox', filter],
    queryFn: () => adminApi<OutboxAnswer>('GET', '/outbox', filter),
    placeholderData: keepPreviousData,
  });
}

/**
 * The outbox viewer (admins): every verification code and notice, newest first, with its delivery
 * (waiting, sending, sent and how, failed and why), filtered by address and delivery state.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const paging = useServerPaging(PAGE_SIZE);
  const { page, setPage } = paging;
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<OutboxStatus | undefined>(undefined);
  const filter = { page, limit: PAGE_SIZE, to, status, ...paging.sortFields };
  const outbox = useOutbox(filter);
  const data = outbox.data;
  // Without a total, the pager knows this page and whether another follows.
  const total = pagerTotal(page, PAGE_SIZE, data);
  return (
    <Page
      title={t('nav.outbox')}
      extra={
        <Space>
          <Input.Search
            className="outbox-filter"
            allowClear
            placeholder={t('outbox.filterPlaceholder')}
            maxLength={LIMITS.emailLengthMax}
            onSearch={(value) => {
              setTo(value.trim());
              setPage(1);
            }}
            style={{ width: 320 }}
          />
          <Select<OutboxStatus | undefined>
            className="outbox-status-filter"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            allowClear
            placeholder={t('outbox.allStatuses')}
            options={OUTBOX_STATUSES.map((value) => ({ value, label: t(`outbox.statuses.${value}`) }))}
            style={{ width: 180 }}
          />
          <Button onClick={() => outbox.refetch()} loading={outbox.isFetching}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('outbox.hint')}</Typography.Paragraph>
      <ListTable<OutboxEntry>
        className="outbox-table"
        rowKey={(row) => row.id}
        query={outbox}
        rows={data?.list}
        csvName="outbox"
        serverSort={paging.serverSort}
        exportRows={async () => {
          const whole = await exportList<OutboxEntry>('/outbox', filter);
          return { list: whole.list, total: whole.total ?? whole.list.length };
        }}
        pagination={{
          ...paging.pagination(total),
          showTotal: () => t('outbox.pageOf', { page }),
        }}
        columns={[
          {
            title: t('common.time'),
            width: 200,
            sortKey: 'at',
            sortValue: (row) => formatDateTime(row.at),
            render: (_, row) => formatDateTime(row.at),
          },
          {
            title: t('outbox.channel'),
            width: 110,
            sortKey: 'channel',
            sortValue: (row) => t(`outbox.channels.${row.channel}`),
            render: (_, row) => (
              <Tag color={row.channel === 'sms' ? 'geekblue' : 'cyan'}>
                {t(`outbox.channels.${row.channel}`)}
              </Tag>
            ),
          },
          {
            title: t('outbox.to'),
            width: 340,
            sortKey: 'to',
            sortValue: (row) => row.to,
            render: (_, row) => <Typography.Text copyable>{row.to}</Typography.Text>,
          },
          {
            title: t('outbox.status'),
            width: 260,
            sortKey: 'status',
            sortValue: (row) => t(`outbox.statuses.${row.status}`),
            render: (_, row) => (
              <Space direction="vertical" size={0} className="outbox-delivery">
                <Space size={4}>
                  <Tag color={STATUS_COLORS[row.status]}>{t(`outbox.statuses.${row.status}`)}</Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('outbox.attempts', { count: row.attempts })}
                  </Typography.Text>
                </Space>
                {row.sent_at !== '' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('outbox.sentVia', { time: formatDateTime(row.sent_at), transport: row.transport })}
                  </Typography.Text>
                )}
                {row.status !== 'sent' && row.last_error !== '' && (
                  <Typography.Text
                    type="danger"
                    style={{ fontSize: 12 }}
                    ellipsis={{ tooltip: row.last_error }}
                  >
                    {t('outbox.lastError', { error: row.last_error })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('outbox.message'),
            sortValue: (row) => (row.kind === 'code' ? `${row.type} ${row.code}` : row.text),
            render: (_, row) =>
              row.kind === 'code' ? (
                <Space className="outbox-code">
                  <Tag color="gold">
                    {t(`outbox.codeType.${row.type}`, { defaultValue: t('outbox.codeType.other') })}
                  </Tag>
                  <span>{t('outbox.codeIs')}</span>
                  <Typography.Text code strong>
                    {row.code}
                  </Typography.Text>
                </Space>
              ) : (
                <Space direction="vertical" size={0}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.type}
                  </Typography.Text>
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.text}</Typography.Text>
                </Space>
              ),
          },
        ]}
      />
    </Page>
  );
}
