import { LIMITS } from '@meridian/contract/limits';
import type { OutboxPage as OutboxAnswer, OutboxEntry } from '@meridian/contract/outbox-staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { adminApi } from '../../lib/api-client';
import { formatTime } from '../support/format-time';

const PAGE_SIZE = 25;

/** GET /admin/api/outbox: newest first; the file is read from its end, so there is no total. */
function useOutbox(filter: { page: number; limit: number; to: string }) {
  return useQuery({
    queryKey: ['outbox', filter],
    queryFn: () => adminApi<OutboxAnswer>('GET', '/outbox', filter),
    placeholderData: keepPreviousData,
  });
}

/**
 * The outbox viewer (admins): the verification codes and notices written to DATA_DIR/outbox.jsonl
 * while no e-mail or SMS provider is configured, newest first, filtered by address.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const outbox = useOutbox({ page, limit: PAGE_SIZE, to });
  const data = outbox.data;
  // Without a total, the pager knows this page and whether another follows.
  const total = data ? (page - 1) * PAGE_SIZE + data.list.length + (data.has_more ? 1 : 0) : 0;
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
          <Button onClick={() => outbox.refetch()} loading={outbox.isFetching}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('outbox.hint')}</Typography.Paragraph>
      {outbox.isError && (
        <Alert type="error" showIcon message={outbox.error.message} style={{ marginBottom: 16 }} />
      )}
      {!!data?.broken_lines && (
        <Alert
          type="warning"
          showIcon
          className="outbox-broken"
          message={t('outbox.brokenLines', { count: data.broken_lines })}
          style={{ marginBottom: 16 }}
        />
      )}
      {data?.scan_truncated && (
        <Alert type="info" showIcon message={t('outbox.truncated')} style={{ marginBottom: 16 }} />
      )}
      <Table<OutboxEntry>
        className="outbox-table"
        rowKey={(row) => `${row.at}|${row.to}|${row.type}|${row.code}|${row.text.slice(0, 40)}`}
        loading={outbox.isLoading}
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: () => t('outbox.pageOf', { page }),
        }}
        columns={[
          { title: t('common.time'), width: 200, render: (_, row) => formatTime(row.at) },
          {
            title: t('outbox.channel'),
            width: 110,
            render: (_, row) => (
              <Tag color={row.channel === 'sms' ? 'geekblue' : 'cyan'}>
                {t(`outbox.channels.${row.channel}`)}
              </Tag>
            ),
          },
          {
            title: t('outbox.to'),
            width: 340,
            render: (_, row) => <Typography.Text copyable>{row.to}</Typography.Text>,
          },
          {
            title: t('outbox.message'),
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
