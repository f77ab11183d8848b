import type { StaffCoinChannel, StaffWireAccount } from '@meridian/contract/funds-staff';
import { LIMITS } from '@meridian/contract/limits';
import { staffMay } from '@meridian/domain/staff-roles';
import { Alert, Button, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeConfirmation } from '../../components/change-confirmation';
import { Page } from '../../components/page';
import { fieldLabel, fieldValue } from '../../components/proposal-fields';
import { PendingProposals, useProposedNotice } from '../../components/proposal-notice';
import { useStaff } from '../../hooks/use-staff';
import { ListTable } from '../../lib/list-table';
import { isProposed, PROPOSALS_KEY, usePendingByTarget } from '../../lib/proposals';
import { useAction } from '../../lib/use-action';
import { CHANNELS_KEY, updateCoinChannel, updateWireAccount, useChannels } from './funds-api';

type Flag = 0 | 1;
const enabledTag = (enabled: Flag, t: (key: string) => string) =>
  enabled ? <Tag color="green">{t('funds.channels.on')}</Tag> : <Tag>{t('funds.channels.off')}</Tag>;

/** Only the fields the form changed, trimmed; a switch as 0/1. */
function changesOf<T extends Record<string, unknown>>(before: T, values: Record<string, unknown>) {
  const changes: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    const next =
      typeof value === 'boolean' ? (value ? 1 : 0) : typeof value === 'string' ? value.trim() : value;
    if (next === undefined || next === null || next === before[name]) continue;
    changes[name] = next as string | number;
  }
  return changes;
}

/**
 * The payment channels (role finance): the coin channels' receiving addresses and the wire
 * accounts customers deposit to. A fresh installation has placeholders that no money can reach:
 * they are marked until staff set the real ones.
 */
export function ChannelsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const channels = useChannels();
  const [coin, setCoin] = useState<StaffCoinChannel>();
  const [wire, setWire] = useState<StaffWireAccount>();
  const mayEdit = staffMay(staff.role, 'funds.review');
  const pending = usePendingByTarget(staffMay(staff.role, 'proposals.read'));
  const placeholders =
    (channels.data?.coin.filter((one) => one.address_placeholder === 1 && one.enabled === 1).length ?? 0) +
    (channels.data?.wire.filter((one) => one.placeholder === 1 && one.enabled === 1).length ?? 0);
  return (
    <Page
      title={t('nav.channels')}
      extra={
        <Button onClick={() => channels.refetch()} loading={channels.isFetching}>
          {t('common.refresh')}
        </Button>
      }
    >
      {placeholders > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('funds.channels.placeholdersLeft', { count: placeholders })}
        />
      )}
      <Typography.Title level={4}>{t('funds.channels.coinTitle')}</Typography.Title>
      <ListTable<StaffCoinChannel>
        className="coin-channels"
        rowKey="id"
        query={channels}
        rows={channels.data?.coin}
        csvName="deposit-channels"
        pagination={false}
        style={{ marginBottom: 32 }}
        columns={[
          {
            title: t('funds.channels.coin'),
            render: (_, row) => (
              <Typography.Text strong>
                {row.protocol_code === row.currency_code
                  ? row.currency_code
                  : `${row.currency_code} ${row.protocol_code}`}
              </Typography.Text>
            ),
          },
          {
            title: t('funds.channels.address'),
            render: (_, row) => (
              <Space size={4} wrap>
                {row.address_placeholder ? (
                  <Tag color="orange">{t('funds.channels.placeholder')}</Tag>
                ) : (
                  <Typography.Text code copyable>
                    {row.address}
                  </Typography.Text>
                )}
                <PendingProposals proposals={pending.get(`deposit_channel:${row.id}`)} />
              </Space>
            ),
          },
          { title: t('funds.channels.min'), align: 'right', dataIndex: 'min' },
          {
            title: t('funds.channels.max'),
            align: 'right',
            render: (_, row) => (row.max === '0' ? t('funds.channels.noMax') : row.max),
          },
          { title: t('funds.channels.usdPerUnit'), align: 'right', dataIndex: 'usd_per_unit' },
          { title: t('funds.channels.enabled'), render: (_, row) => enabledTag(row.enabled, t) },
          ...(mayEdit
            ? [
                {
                  title: t('common.actions'),
                  width: 100,
                  render: (_: unknown, row: StaffCoinChannel) => (
                    <Button onClick={() => setCoin(row)}>{t('funds.channels.edit')}</Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={4}>{t('funds.channels.wireTitle')}</Typography.Title>
      <ListTable<StaffWireAccount>
        className="wire-accounts"
        rowKey="id"
        query={channels}
        rows={channels.data?.wire}
        csvName="wire-accounts"
        pagination={false}
        columns={[
          { title: t('funds.channels.currency'), dataIndex: 'currency_code', width: 90 },
          {
            title: t('funds.channels.bank'),
            render: (_, row) => (
              <Space size={4} wrap>
                {row.placeholder ? (
                  <Tag color="orange">{t('funds.channels.placeholder')}</Tag>
                ) : (
                  <span>
                    {row.bank_name}
                    {row.branch_name && (
                      <Typography.Text type="secondary"> · {row.branch_name}</Typography.Text>
                    )}
                  </span>
                )}
                <PendingProposals proposals={pending.get(`wire_account:${row.id}`)} />
              </Space>
            ),
          },
          { title: t('funds.channels.payeeName'), dataIndex: 'payee_name' },
          {
            title: t('funds.channels.payeeAccount'),
            render: (_, row) => <Typography.Text code>{row.payee_account}</Typography.Text>,
          },
          { title: 'SWIFT/BIC', dataIndex: 'bank_swift' },
          { title: t('funds.channels.enabled'), render: (_, row) => enabledTag(row.enabled, t) },
          ...(mayEdit
            ? [
                {
                  title: t('common.actions'),
                  width: 100,
                  render: (_: unknown, row: StaffWireAccount) => (
                    <Button onClick={() => setWire(row)}>{t('funds.channels.edit')}</Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {coin && <CoinChannelForm channel={coin} onClose={() => setCoin(undefined)} />}
      {wire && <WireAccountForm account={wire} onClose={() => setWire(undefined)} />}
    </Page>
  );
}

const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;

/** A form's changes as text fields, as proposals hold them (a switch as 1/0). */
const asFields = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));

/**
 * Saving a channel or account: a confirmation with each field old → new first; then the answer says
 * whether it applied (switching off alone) or awaits a second admin, with a link to the proposal.
 */
function useChannelSave<Output extends { status: 'applied' | 'proposed'; proposal_id: number }, Input>(
  update: (input: Input) => Promise<Output>,
  onClose: () => void,
) {
  const notice = useProposedNotice();
  const save = useAction(update, {
    refresh: [CHANNELS_KEY, PROPOSALS_KEY],
    successKeyOf: (output) => (isProposed(output) ? 'proposals.sent' : 'funds.channels.saved'),
    onDone: (output) => {
      if (isProposed(output)) notice(output.proposal_id);
      onClose();
    },
  });
  return save;
}

function CoinChannelForm({ channel, onClose }: { channel: StaffCoinChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useChannelSave(updateCoinChannel, onClose);
  const confirm = useChangeConfirmation();
  const before = { ...channel, address: channel.address_placeholder ? '' : channel.address };
  const shownBefore = asFields({
    ...channel,
    address: channel.address_placeholder ? t('funds.channels.placeholder') : channel.address,
  });
  const send = async (changes: Record<string, string | number>) => {
    const after = asFields(changes);
    const ok = await confirm({
      title: t('funds.channels.editCoin', { name: `${channel.currency_code} ${channel.protocol_code}` }),
      before: shownBefore,
      after,
      labelOf: (field) => fieldLabel(t, 'deposit_channel', '', field),
      showValue: (field, value) => fieldValue(t, 'deposit_channel', '', field, value),
      needsSecondAdmin: !(Object.keys(after).length === 1 && after.enabled === '0'),
    });
    if (ok) save.mutate({ id: channel.id, ...changes });
  };
  return (
    <Modal
      open
      className="coin-channel-form"
      title={t('funds.channels.editCoin', { name: `${channel.currency_code} ${channel.protocol_code}` })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        form
          .validateFields()
          .then((values) => {
            const changes = changesOf(before, values);
            if (Object.keys(changes).length === 0) onClose();
            else send(changes);
          })
          .catch(() => undefined)
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          address: before.address,
          min: channel.min,
          max: channel.max,
          usd_per_unit: channel.usd_per_unit,
          enabled: channel.enabled === 1,
        }}
      >
        <Form.Item
          name="address"
          label={t('funds.channels.address')}
          extra={t('funds.channels.addressHint', { network: channel.protocol_code })}
        >
          <Input
            maxLength={LIMITS.coinAddressLengthMax}
            placeholder={channel.address_placeholder ? channel.address : undefined}
          />
        </Form.Item>
        {(['min', 'max', 'usd_per_unit'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`funds.channels.${name === 'usd_per_unit' ? 'usdPerUnit' : name}`)}
            extra={name === 'max' ? t('funds.channels.maxHint') : undefined}
            rules={[{ required: true, pattern: AMOUNT, message: t('funds.channels.amountFormat') }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        ))}
        <Form.Item name="enabled" label={t('funds.channels.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const WIRE_FIELDS = [
  ['bank_name', LIMITS.bankFieldLengthMax],
  ['branch_name', LIMITS.bankFieldLengthMax],
  ['bank_address', LIMITS.bankFieldLengthMax],
  ['bank_swift', LIMITS.bankSwiftLengthMax],
  ['payee_name', LIMITS.bankFieldLengthMax],
  ['payee_account', LIMITS.bankAccountLengthMax],
  ['bank_remark', LIMITS.bankFieldLengthMax],
] as const;

function WireAccountForm({ account, onClose }: { account: StaffWireAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useChannelSave(updateWireAccount, onClose);
  const confirm = useChangeConfirmation();
  const send = async (changes: Record<string, string | number>) => {
    const after = asFields(changes);
    const ok = await confirm({
      title: t('funds.channels.editWire', { currency: account.currency_code }),
      before: asFields({ ...account }),
      after,
      labelOf: (field) => fieldLabel(t, 'wire_account', '', field),
      showValue: (field, value) => fieldValue(t, 'wire_account', '', field, value),
      needsSecondAdmin: !(Object.keys(after).length === 1 && after.enabled === '0'),
    });
    if (ok) save.mutate({ id: account.id, ...changes });
  };
  return (
    <Modal
      open
      className="wire-account-form"
      width={640}
      title={t('funds.channels.editWire', { currency: account.currency_code })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        form
          .validateFields()
          .then((values) => {
            const changes = changesOf(account, values);
            if (Object.keys(changes).length === 0) onClose();
            else send(changes);
          })
          .catch(() => undefined)
      }
    >
      {account.placeholder === 1 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('funds.channels.wirePlaceholder')}
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ ...account, enabled: account.enabled === 1 }}>
        {WIRE_FIELDS.map(([name, max]) => (
          <Form.Item key={name} name={name} label={t(`funds.channels.wire.${name}`)}>
            <Input maxLength={max} />
          </Form.Item>
        ))}
        <Form.Item name="enabled" label={t('funds.channels.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
