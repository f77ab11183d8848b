import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CustomerDetail } from '@meridian/contract/customers-staff';
import { LIMITS } from '@meridian/contract/limits';
import type { Staff } from '@meridian/contract/staff';
import { staffMay } from '@meridian/domain/staff-roles';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tabs,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { LoadFailed } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { LedgerTab, OrdersTab } from './customer-ledger-orders-tabs';
import { NotesTab } from './customer-notes-tab';
import { AccountsTab, FollowsTab, IdentityTab, SessionsTab } from './customer-tabs';
import { KindTag, LoginTag } from './customer-tags';
import { customerKey, disableLogin, enableLogin, revokeSessions, useCustomerDetail } from './customers-api';

/** /customers/<id>: the customer's page (every opening is in the audit log). */
export function CustomerPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) {
    return <Result status="404" title={t('customers.unknown')} extra={<BackLink />} />;
  }
  return <CustomerView id={id} staff={staff} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/customers" className="customer-back" style={{ fontSize: 15, fontWeight: 400 }}>
      <ArrowLeftOutlined /> {t('customers.back')}
    </Link>
  );
}

function CustomerView({ id, staff }: { id: number; staff: Staff }) {
  const { t } = useTranslation();
  const detail = useCustomerDetail(id);
  const [tab, setTab] = useState('accounts');
  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 8 }} className="list-skeleton" />;
  if (detail.isError) {
    return (
      <>
        <BackLink />
        <LoadFailed query={detail} />
      </>
    );
  }
  if (!detail.data) {
    return <Result status="warning" title={t('customers.unknown')} extra={<BackLink />} />;
  }
  const { customer } = detail.data;
  const seen = (key: string) => tab === key;
  return (
    <Page
      title={
        <Space size="middle">
          <BackLink />
          <span className="customer-title">{t('customers.title', { uid: customer.uid })}</span>
        </Space>
      }
      extra={<CustomerActions detail={detail.data} staff={staff} />}
    >
      <Descriptions
        bordered
        size="small"
        column={3}
        className="customer-identity"
        style={{ marginBottom: 24 }}
      >
        <Descriptions.Item label={t('customers.uid')}>{customer.uid}</Descriptions.Item>
        <Descriptions.Item label="#">{customer.id}</Descriptions.Item>
        <Descriptions.Item label={t('customers.kind')}>
          <KindTag isDemo={customer.is_demo} />
        </Descriptions.Item>
        <Descriptions.Item label={t('customers.email')}>{customer.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('customers.mobile')}>{customer.mobile || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('customers.language')}>{customer.language}</Descriptions.Item>
        <Descriptions.Item label={t('customers.createdAt')}>
          {formatDateTime(customer.created_at)}
        </Descriptions.Item>
        {detail.data.legal.map((acceptance) => (
          <Descriptions.Item key={acceptance.kind} label={t(`customers.legal.${acceptance.kind}`)}>
            <span className={`customer-legal-${acceptance.kind}`}>
              {acceptance.version > 0
                ? t('customers.legal.accepted', {
                    version: acceptance.version,
                    time: formatDateTime(acceptance.accepted_at),
                  })
                : t('customers.legal.notRecorded')}
            </span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('customers.login')}>
          <Space>
            <span className="customer-login-state">
              <LoginTag disabledAt={customer.login_disabled_at} />
            </span>
            {customer.login_disabled_at &&
              t('customers.disabledSince', { time: formatDateTime(customer.login_disabled_at) })}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        className="customer-tabs"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          {
            key: 'accounts',
            label: t('customers.tabs.accounts'),
            children: <AccountsTab accounts={detail.data.accounts} />,
          },
          {
            key: 'ledger',
            label: t('customers.tabs.ledger'),
            children: <LedgerTab id={id} enabled={seen('ledger')} />,
          },
          {
            key: 'orders',
            label: t('customers.tabs.orders'),
            children: <OrdersTab id={id} enabled={seen('orders')} />,
          },
          {
            key: 'follows',
            label: t('customers.tabs.follows', { count: detail.data.follows.length }),
            children: <FollowsTab follows={detail.data.follows} />,
          },
          {
            key: 'identity',
            label: t('customers.tabs.identity'),
            children: <IdentityTab identity={detail.data.identity} />,
          },
          {
            key: 'sessions',
            label: t('customers.tabs.sessions', { count: detail.data.sessions.length }),
            children: <SessionsTab sessions={detail.data.sessions} />,
          },
          {
            key: 'notes',
            label: t('customers.tabs.notes'),
            children: (
              <NotesTab id={id} enabled={seen('notes')} mayAdd={staffMay(staff.role, 'customers.note')} />
            ),
          },
        ]}
      />
    </Page>
  );
}

/** Disable or enable the login, end the sessions: only for roles with customers.manage. */
function CustomerActions({ detail, staff }: { detail: CustomerDetail; staff: Staff }) {
  const { t } = useTranslation();
  const { customer, sessions } = detail;
  const [disabling, setDisabling] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const refresh = [['customers'] as const, customerKey(customer.id)];
  const disable = useAction(disableLogin, {
    refresh,
    successKey: 'customers.disabledDone',
    onDone: () => {
      setDisabling(false);
      form.resetFields();
    },
  });
  const enable = useAction(enableLogin, { refresh, successKey: 'customers.enabledDone' });
  const revoke = useAction(revokeSessions, { refresh, successKey: 'customers.revokedDone' });
  if (!staffMay(staff.role, 'customers.manage')) return null;
  return (
    <Space>
      <Popconfirm
        title={t('customers.revokeConfirm', { count: sessions.length })}
        okText={t('customers.revoke')}
        cancelText={t('common.cancel')}
        onConfirm={() => revoke.mutate({ id: customer.id })}
      >
        <Button className="customer-revoke" loading={revoke.isPending} disabled={sessions.length === 0}>
          {t('customers.revoke')}
        </Button>
      </Popconfirm>
      {customer.login_disabled_at ? (
        <Popconfirm
          title={t('customers.enableConfirm', { uid: customer.uid })}
          okText={t('customers.enable')}
          cancelText={t('common.cancel')}
          onConfirm={() => enable.mutate({ id: customer.id })}
        >
          <Button type="primary" className="customer-enable" loading={enable.isPending}>
            {t('customers.enable')}
          </Button>
        </Popconfirm>
      ) : (
        <Button danger className="customer-disable" onClick={() => setDisabling(true)}>
          {t('customers.disable')}
        </Button>
      )}
      <Modal
        className="customer-disable-modal"
        open={disabling}
        title={t('customers.disableTitle', { uid: customer.uid })}
        okText={t('customers.disable')}
        okButtonProps={{ danger: true, loading: disable.isPending, className: 'customer-disable-confirm' }}
        cancelText={t('common.cancel')}
        onCancel={() => setDisabling(false)}
        onOk={() =>
          form
            .validateFields()
            .then(({ reason }) => disable.mutate({ id: customer.id, reason: reason.trim() }))
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          message={t('customers.disableWarning', { count: sessions.length })}
          style={{ marginBottom: 16 }}
        />
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('common.reason')}
            extra={t('customers.reasonHint')}
            rules={[{ required: true, whitespace: true, message: t('customers.reasonRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={LIMITS.loginDisableReasonLengthMax}
              showCount
              className="customer-disable-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
