import type { StaffAccount, StaffEnrolmentLink } from '@meridian/contract/back-office';
import { LIMITS } from '@meridian/contract/limits';
import { STAFF_ROLES, type StaffRole } from '@meridian/contract/staff';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeConfirmation } from '../../components/change-confirmation';
import { Page } from '../../components/page';
import { fieldLabel, fieldValue } from '../../components/proposal-fields';
import { PendingProposals, useProposedNotice } from '../../components/proposal-notice';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { ListTable } from '../../lib/list-table';
import { isProposed, PROPOSALS_KEY, usePendingByTarget } from '../../lib/proposals';
import { useAction } from '../../lib/use-action';
import { enrolmentState } from './enrolment-state';
import {
  changeRole,
  createStaff,
  reissueEnrolment,
  STAFF_KEY,
  setActive,
  useStaffAccounts,
} from './staff-api';

type CreateForm = { email: string; name: string; role: StaffRole };

/** The enrolment link, shown once: the server keeps only its hash. */
function LinkModal({ link, onClose }: { link: StaffEnrolmentLink | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const url = link ? new URL(link.enrolment_path, window.location.origin).toString() : '';
  return (
    <Modal
      open={link !== undefined}
      title={t('staffAdmin.linkTitle', { name: link?.staff.name ?? '' })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('staffAdmin.linkDone')}
        </Button>
      }
      maskClosable={false}
      width={640}
    >
      <Alert type="warning" showIcon message={t('staffAdmin.linkOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        {t('staffAdmin.linkText', { email: link?.staff.email ?? '', time: formatDateTime(link?.expires_at) })}
      </Typography.Paragraph>
      <Typography.Paragraph
        className="enrolment-link"
        code
        copyable={{ text: url, tooltips: [t('staffAdmin.copy'), t('staffAdmin.copied')] }}
        style={{ wordBreak: 'break-all' }}
      >
        {url}
      </Typography.Paragraph>
    </Modal>
  );
}

function EnrolmentTag({ account }: { account: StaffAccount }) {
  const { t } = useTranslation();
  const state = enrolmentState(account, Date.now());
  if (state === 'enrolled') return <Tag color="green">{t('staffAdmin.enrolled')}</Tag>;
  if (state === 'linkOpen') {
    return (
      <Tag color="gold">
        {t('staffAdmin.linkOpen', { time: formatDateTime(account.enrolment_expires_at) })}
      </Tag>
    );
  }
  return <Tag>{t('staffAdmin.notEnrolled')}</Tag>;
}

/**
 * Staff accounts (admins): the list, a new member with a one-time enrolment link (the member
 * chooses a password and sets up the authenticator there), a role change, disable and enable, and
 * a new link for a lost phone. An admin cannot demote or disable themselves; the server also keeps
 * one active admin.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const accounts = useStaffAccounts();
  const [creating, setCreating] = useState(false);
  const [link, setLink] = useState<StaffEnrolmentLink>();
  const [form] = Form.useForm<CreateForm>();
  const refresh = [[...STAFF_KEY], [...PROPOSALS_KEY]];
  const notice = useProposedNotice();
  const confirm = useChangeConfirmation();
  const pending = usePendingByTarget(true);
  const create = useAction(createStaff, {
    refresh,
    successKeyOf: (made) => (isProposed(made) ? 'proposals.sent' : 'staffAdmin.created'),
    onDone: (made) => {
      setCreating(false);
      form.resetFields();
      if (isProposed(made)) notice(made.proposal_id);
      else if (made.staff)
        setLink({ staff: made.staff, enrolment_path: made.enrolment_path, expires_at: made.expires_at });
    },
  });
  const role = useAction(changeRole, {
    refresh,
    successKeyOf: (changed) => (isProposed(changed) ? 'proposals.sent' : 'staffAdmin.roleChanged'),
    onDone: (changed) => {
      if (isProposed(changed)) notice(changed.proposal_id);
    },
  });
  /** Every role change is confirmed with the old and new role; a promotion to admin waits for a second admin. */
  const changeRoleConfirmed = async (account: StaffAccount, next: StaffRole) => {
    const ok = await confirm({
      title: t('staffAdmin.roleConfirm', { name: account.name }),
      before: { role: account.role },
      after: { role: next },
      labelOf: (field) => fieldLabel(t, 'staff_role', '', field),
      showValue: (field, value) => fieldValue(t, 'staff_role', '', field, value),
      needsSecondAdmin: next === 'admin',
    });
    if (ok) role.mutate({ id: account.id, role: next });
  };
  const active = useAction(setActive, { refresh });
  const reissue = useAction(reissueEnrolment, {
    refresh,
    successKey: 'staffAdmin.reissued',
    onDone: setLink,
  });
  const roleOptions = STAFF_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }));
  return (
    <Page
      title={t('nav.staff')}
      extra={
        <Space>
          <Button onClick={() => accounts.refetch()} loading={accounts.isFetching}>
            {t('common.refresh')}
          </Button>
          <Button type="primary" className="staff-create" onClick={() => setCreating(true)}>
            {t('staffAdmin.create')}
          </Button>
        </Space>
      }
    >
      {accounts.error && <Alert type="error" showIcon message={accounts.error.message} />}
      <ListTable<StaffAccount>
        className="staff-table"
        query={accounts}
        rows={accounts.data?.list}
        csvName="staff"
        pagination={false}
        columns={[
          {
            title: t('staffAdmin.name'),
            dataIndex: 'name',
            render: (name: string, account) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>
                  {name} {account.id === me.id && <Tag>{t('staffAdmin.you')}</Tag>}
                </Typography.Text>
                <Typography.Text type="secondary">{account.email}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('staffAdmin.role'),
            dataIndex: 'role',
            width: 200,
            render: (value: StaffRole, account) =>
              account.id === me.id || !account.active ? (
                <Tag color={value === 'admin' ? 'purple' : 'blue'}>{t(`roles.${value}`)}</Tag>
              ) : (
                <Space size={4} wrap>
                  <Select<StaffRole>
                    size="small"
                    value={value}
                    style={{ width: 170 }}
                    options={roleOptions}
                    loading={role.isPending && role.variables?.id === account.id}
                    onChange={(next) => changeRoleConfirmed(account, next)}
                    aria-label={t('staffAdmin.role')}
                  />
                  <PendingProposals proposals={pending.get(`staff:${account.id}`)} />
                </Space>
              ),
          },
          {
            title: t('common.status'),
            dataIndex: 'active',
            render: (isActive: boolean, account) => (
              <Space wrap>
                {isActive ? (
                  <Tag color="green">{t('staffAdmin.active')}</Tag>
                ) : (
                  <Tag color="red">{t('staffAdmin.disabled')}</Tag>
                )}
                <EnrolmentTag account={account} />
              </Space>
            ),
          },
          {
            title: t('staffAdmin.createdAt'),
            dataIndex: 'created_at',
            render: (at: string) => formatDateTime(at),
          },
          {
            title: t('staffAdmin.lastSignIn'),
            dataIndex: 'last_seen_at',
            render: (at: string) => formatDateTime(at),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_value, account) =>
              account.id === me.id ? (
                <Typography.Text type="secondary">{t('staffAdmin.selfHint')}</Typography.Text>
              ) : (
                <Space wrap>
                  {account.active ? (
                    <Popconfirm
                      title={t('staffAdmin.disableConfirm', { name: account.name })}
                      onConfirm={() => active.mutate({ id: account.id, active: false })}
                    >
                      <Button size="small" danger>
                        {t('staffAdmin.disable')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" onClick={() => active.mutate({ id: account.id, active: true })}>
                      {t('staffAdmin.enable')}
                    </Button>
                  )}
                  {account.active && (
                    <Popconfirm
                      title={t('staffAdmin.reissueConfirm', { name: account.name })}
                      onConfirm={() => reissue.mutate({ id: account.id })}
                    >
                      <Button size="small">{t('staffAdmin.reissue')}</Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('staffAdmin.create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        okText={t('staffAdmin.createOk')}
        confirmLoading={create.isPending}
        destroyOnClose
      >
        <Typography.Paragraph type="secondary">{t('staffAdmin.createHint')}</Typography.Paragraph>
        <Form<CreateForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          className="staff-create-form"
          onFinish={async (values) => {
            if (values.role !== 'admin') return create.mutate(values);
            const ok = await confirm({
              title: t('staffAdmin.create'),
              before: {},
              after: { email: values.email, name: values.name, role: values.role },
              labelOf: (field) => fieldLabel(t, 'staff_create', '', field),
              showValue: (field, value) => fieldValue(t, 'staff_create', '', field, value),
              needsSecondAdmin: true,
            });
            if (ok) create.mutate(values);
          }}
        >
          <Form.Item
            name="email"
            label={t('staffAdmin.email')}
            rules={[{ required: true, type: 'email', message: t('staffAdmin.emailRule') }]}
          >
            <Input autoComplete="off" maxLength={LIMITS.emailLengthMax} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('staffAdmin.name')}
            extra={t('staffAdmin.nameHint')}
            rules={[{ required: true, whitespace: true, message: t('signIn.required') }]}
          >
            <Input maxLength={LIMITS.staffNameLengthMax} />
          </Form.Item>
          <Form.Item
            name="role"
            label={t('staffAdmin.role')}
            rules={[{ required: true, message: t('signIn.required') }]}
          >
            <Select options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <LinkModal link={link} onClose={() => setLink(undefined)} />
    </Page>
  );
}
