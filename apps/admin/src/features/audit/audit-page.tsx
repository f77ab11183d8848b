import type { AuditActionKind } from '@meridian/contract/audit-actions';
import type { AuditEntry } from '@meridian/contract/back-office';
import { LIMITS } from '@meridian/contract/limits';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useStaffAccounts } from '../../hooks/use-staff-accounts';
import { formatDateTime } from '../../lib/format';
import { exportList, type ListColumn, ListTable, serverSortOf } from '../../lib/list-table';
import { type AuditFilter, useAudit } from './audit-api';
import { auditFilterOf, type ChangeRow, changesOf, type FilterForm } from './audit-filter';
import { actionPhrase, detailValue as shown, targetPhrase } from './audit-words';

const KINDS: AuditActionKind[] = ['change', 'read', 'access'];

/** One entry's details: the change as a before / after table, then anything else it recorded. */
function EntryDetails({ entry, staffNames }: { entry: AuditEntry; staffNames: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const { before, after, ...rest } = entry.details;
  const hasChange = 'before' in entry.details || 'after' in entry.details;
  const others = Object.entries(rest);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('audit.time')}>{formatDateTime(entry.at)}</Descriptions.Item>
        <Descriptions.Item label={t('audit.staff')}>
          {entry.staff ? `${entry.staff.name} (${entry.staff.email})` : t('audit.system')}
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.action')}>
          {actionPhrase(t, entry.action)} <Typography.Text type="secondary">({entry.action})</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.target')}>
          {targetPhrase(t, entry.target, staffNames)}
          {entry.target && <Typography.Text type="secondary"> ({entry.target})</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.address')}>{entry.address ?? '-'}</Descriptions.Item>
      </Descriptions>
      {hasChange && (
        <div>
          <Typography.Title level={5}>{t('audit.change')}</Typography.Title>
          <Table<ChangeRow>
            className="audit-change"
            size="small"
            pagination={false}
            rowKey="field"
            dataSource={changesOf(before, after)}
            columns={[
              { title: t('audit.field'), dataIndex: 'field' },
              {
                title: t('audit.before'),
                dataIndex: 'before',
                render: (value: unknown) => <Typography.Text delete={false}>{shown(value)}</Typography.Text>,
              },
              {
                title: t('audit.after'),
                dataIndex: 'after',
                render: (value: unknown, row) =>
                  row.changed ? <Typography.Text strong>{shown(value)}</Typography.Text> : shown(value),
              },
              {
                title: '',
                dataIndex: 'changed',
                width: 96,
                render: (changed: boolean) => (changed ? <Tag color="blue">{t('audit.changed')}</Tag> : null),
              },
            ]}
          />
        </div>
      )}
      {others.length > 0 && (
        <Descriptions title={t('audit.more')} column={1} size="small" bordered>
          {others.map(([key, value]) => (
            <Descriptions.Item key={key} label={key}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : shown(value)}
              </Typography.Text>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Space>
  );
}

/**
 * The audit log (admins): every staff action and sign-in, newest first, to the second, in words,
 * filtered by kind (changes, reads, sign-ins), staff member, action, target and UTC days. Read
 * only: nothing in the back office edits or deletes an entry.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<AuditFilter>({ page: 1, limit: 25 });
  const [days, setDays] = useState<{ from?: string; to?: string }>({});
  const [openId, setOpenId] = useState<number>();
  const audit = useAudit(filter);
  const staff = useStaffAccounts();
  const staffNames = useMemo(
    () => new Map((staff.data?.list ?? []).map((one) => [one.id, one.name] as const)),
    [staff.data],
  );
  const open = audit.data?.list.find((entry) => entry.id === openId);
  const apply = (values: FilterForm) => setFilter(auditFilterOf(values, filter, days));
  const columns: ListColumn<AuditEntry>[] = [
    {
      title: t('audit.time'),
      dataIndex: 'at',
      sortKey: 'at',
      render: (at: string) => formatDateTime(at),
      csv: (entry) => entry.at,
    },
    {
      title: t('audit.staff'),
      dataIndex: 'staff',
      sortKey: 'staff',
      sortValue: (entry) => entry.staff?.name ?? '',
      render: (who: AuditEntry['staff']) =>
        who ? who.name : <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>,
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      sortKey: 'action',
      sortValue: (entry) => actionPhrase(t, entry.action),
      render: (action: string) => <span title={action}>{actionPhrase(t, action)}</span>,
    },
    {
      title: t('audit.target'),
      dataIndex: 'target',
      sortKey: 'target',
      sortValue: (entry) => targetPhrase(t, entry.target, staffNames),
      render: (target: string | null) => (
        <span title={target ?? ''}>{targetPhrase(t, target, staffNames)}</span>
      ),
    },
    {
      title: t('audit.address'),
      dataIndex: 'address',
      sortKey: 'address',
      render: (address: string | null) => address ?? '-',
    },
    {
      title: t('common.actions'),
      key: 'open',
      csv: false,
      render: (_value, entry) => (
        <Button size="small" onClick={() => setOpenId(entry.id)}>
          {t('audit.details')}
        </Button>
      ),
    },
  ];
  return (
    <Page
      title={t('nav.audit')}
      extra={
        <Button onClick={() => audit.refetch()} loading={audit.isFetching}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('audit.appendOnly')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        className="audit-filters"
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="kind">
          <Select<AuditActionKind>
            allowClear
            className="audit-kind"
            placeholder={t('audit.kindAll')}
            style={{ width: 200 }}
            options={KINDS.map((kind) => ({ value: kind, label: t(`audit.kind.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="staff_id">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('audit.staff')}
            style={{ width: 220 }}
            options={(staff.data?.list ?? []).map((one) => ({
              value: one.id,
              label: `${one.name} (${one.email})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="action" rules={[{ pattern: /^[a-z_.]*$/, message: t('audit.actionFormat') }]}>
          <Input
            allowClear
            placeholder={t('audit.actionPlaceholder')}
            maxLength={LIMITS.auditActionLengthMax}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="target">
          <Input
            allowClear
            placeholder={t('audit.targetPlaceholder')}
            maxLength={LIMITS.auditTargetLengthMax}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('audit.from'), t('audit.to')]}
            onChange={(_values, strings) =>
              setDays({ from: strings[0] || undefined, to: strings[1] || undefined })
            }
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilter({ page: 1, limit: filter.limit, ...days });
              }}
            >
              {t('audit.clear')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <ListTable<AuditEntry>
        className="audit-table"
        size="middle"
        query={audit}
        rows={audit.data?.list}
        columns={columns}
        csvName="audit-log"
        serverSort={serverSortOf(filter, setFilter)}
        exportRows={() => exportList<AuditEntry>('/audit', filter)}
        toolbar={
          audit.data && (
            <Typography.Text type="secondary" className="audit-count">
              {t('audit.entries', { count: audit.data.total })}
            </Typography.Text>
          )
        }
        onRow={(entry) => ({ onClick: () => setOpenId(entry.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: audit.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [25, 50],
          onChange: (page, limit) => setFilter({ ...filter, page, limit }),
        }}
      />
      <Drawer
        width={640}
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open ? `#${open.id} ${actionPhrase(t, open.action)}` : ''}
        destroyOnClose
      >
        {open && <EntryDetails entry={open} staffNames={staffNames} />}
      </Drawer>
    </Page>
  );
}
