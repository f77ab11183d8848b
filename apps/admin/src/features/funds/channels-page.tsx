import type { StaffCoinChannel, StaffWireAccount } from '@meridian/contract/funds-staff';
import { LIMITS } from '@meridian/contract/limits';
import { staffMay } from '@meridian/domain/staff-roles';
import { Alert, Button, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeConfirmation } from '../../components/change-confirmation';
import { Page } from '../../components/page';
import { fieldLabel, fieldValue } from '../../components/proposal-fields';
import { PendingProposals, useProposedNotice } from '../../components/proposal-notice';
import { useStaff } from '../../hooks/use-staff';
import { type ListColumn, ListTable } from '../../lib/list-table';
import { isProposed, PROPOSALS_KEY, usePendingByTarget } from '../../lib/proposals';
import { useAction } from '../../lib/use-action';
import {
  asFields,
  type ChannelChanges,
  changesOf,
  coinChannelName,
  needsSecondAdmin,
  placeholdersLeft,
} from './channel-changes';
import { CHANNELS_KEY, updateCoinChannel, updateWireAccount, useChannels } from './funds-api';

type Flag = 0 | 1;
const enabledTag = (enabled: Flag, t: (key: string) => string) =>
  enabled ? <Tag color="green">{t('funds.channels.on')}</Tag> : <Tag>{t('funds.channels.off')}</Tag>;

/** The last columns of both lists: whether it is on, and its edit button for those who may edit. */
function enabledAndEditColumns<Row extends { enabled: Flag }>(
  t: (key: string) => string,
  onEdit: ((row: Row) => void) | undefined,
): ListColumn<Row>[] {
  return [
    { title: t('funds.channels.enabled'), render: (_, row) => enabledTag(row.enabled, t) },
    ...(onEdit
      ? [
          {
            title: t('common.actions'),
            width: 100,
            render: (_: unknown, row: Row) => (
              <Button onClick={() => onEdit(row)}>{t('funds.channels.edit')}</Button>
            ),
          },
        ]
      : []),
  ];
}

/** Where money is sent, or the placeholder mark while it is unset; then the changes awaiting approval. */
function UnlessPlaceholder({
  placeholder,
  proposals,
  children,
}: {
  placeholder: boolean;
  proposals: Parameters<typeof PendingProposals>[0]['proposals'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {placeholder ? <Tag color="orange">{t('funds.channels.placeholder')}</Tag> : children}
      <PendingProposals proposals={proposals} />
    </Space>
  );
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
  const placeholders = placeholdersLeft(channels.data);
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
        query={channels}
        rows={channels.data?.coin}
        csvName="deposit-channels"
        pagination={false}
        style={{ marginBottom: 32 }}
        columns={[
          {
            title: t('funds.channels.coin'),
            render: (_, row) => <Typography.Text strong>{coinChannelName(row)}</Typography.Text>,
          },
          {
            title: t('funds.channels.address'),
            render: (_, row) => (
              <UnlessPlaceholder
                placeholder={row.address_placeholder === 1}
                proposals={pending.get(`deposit_channel:${row.id}`)}
              >
                <Typography.Text code copyable>
                  {row.address}
                </Typography.Text>
              </UnlessPlaceholder>
            ),
          },
          { title: t('funds.channels.min'), align: 'right', dataIndex: 'min' },
          {
            title: t('funds.channels.max'),
            align: 'right',
            render: (_, row) => (row.max === '0' ? t('funds.channels.noMax') : row.max),
          },
          { title: t('funds.channels.usdPerUnit'), align: 'right', dataIndex: 'usd_per_unit' },
          ...enabledAndEditColumns<StaffCoinChannel>(t, mayEdit ? setCoin : undefined),
        ]}
      />
      <Typography.Title level={4}>{t('funds.channels.wireTitle')}</Typography.Title>
      <ListTable<StaffWireAccount>
        className="wire-accounts"
        query={channels}
        rows={channels.data?.wire}
        csvName="wire-accounts"
        pagination={false}
        columns={[
          { title: t('funds.channels.currency'), dataIndex: 'currency_code', width: 90 },
          {
            title: t('funds.channels.bank'),
            render: (_, row) => (
              <UnlessPlaceholder
                placeholder={row.placeholder === 1}
                proposals={pending.get(`wire_account:${row.id}`)}
              >
                <span>
                  {row.bank_name}
                  {row.branch_name && (
                    <Typography.Text type="secondary"> · {row.branch_name}</Typography.Text>
                  )}
                </span>
              </UnlessPlaceholder>
            ),
          },
          { title: t('funds.channels.payeeName'), dataIndex: 'payee_name' },
          {
            title: t('funds.channels.payeeAccount'),
            render: (_, row) => <Typography.Text code>{row.payee_account}</Typography.Text>,
          },
          { title: 'SWIFT/BIC', dataIndex: 'bank_swift' },
          ...enabledAndEditColumns<StaffWireAccount>(t, mayEdit ? setWire : undefined),
        ]}
      />
      {coin && <CoinChannelForm channel={coin} onClose={() => setCoin(undefined)} />}
      {wire && <WireAccountForm account={wire} onClose={() => setWire(undefined)} />}
    </Page>
  );
}

const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;

/**
 * Saving a channel or account: a confirmation with each field old → new first; then the answer says
 * whether it applied (switching off alone) or awaits a second admin, with a link to the proposal.
 * Answers the form and its OK: nothing changed closes it, else the confirmation, then the save.
 */
function useChannelEdit<Output extends { status: 'applied' | 'proposed'; proposal_id: number }>(
  update: (input: { id: number } & ChannelChanges) => Promise<Output>,
  onClose: () => void,
  edit: {
    id: number;
    kind: 'deposit_channel' | 'wire_account';
    title: string;
    /** What the form's values are compared with. */
    before: Record<string, unknown>;
    /** The old values as the confirmation shows them. */
    shownBefore: Record<string, string>;
  },
) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const notice = useProposedNotice();
  const confirm = useChangeConfirmation();
  const save = useAction(update, {
    refresh: [CHANNELS_KEY, PROPOSALS_KEY],
    successKeyOf: (output) => (isProposed(output) ? 'proposals.sent' : 'funds.channels.saved'),
    onDone: (output) => {
      if (isProposed(output)) notice(output.proposal_id);
      onClose();
    },
  });
  const send = async (changes: ChannelChanges) => {
    const after = asFields(changes);
    const ok = await confirm({
      title: edit.title,
      before: edit.shownBefore,
      after,
      labelOf: (field) => fieldLabel(t, edit.kind, '', field),
      showValue: (field, value) => fieldValue(t, edit.kind, '', field, value),
      needsSecondAdmin: needsSecondAdmin(after),
    });
    if (ok) save.mutate({ id: edit.id, ...changes });
  };
  const onOk = () =>
    form
      .validateFields()
      .then((values) => {
        const changes = changesOf(edit.before, values);
        if (Object.keys(changes).length === 0) onClose();
        else send(changes);
      })
      .catch(() => undefined);
  return { form, saving: save.isPending, onOk };
}

function CoinChannelForm({ channel, onClose }: { channel: StaffCoinChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const before = { ...channel, address: channel.address_placeholder ? '' : channel.address };
  const title = t('funds.channels.editCoin', { name: `${channel.currency_code} ${channel.protocol_code}` });
  const { form, saving, onOk } = useChannelEdit(updateCoinChannel, onClose, {
    id: channel.id,
    kind: 'deposit_channel',
    title,
    before,
    shownBefore: asFields({
      ...channel,
      address: channel.address_placeholder ? t('funds.channels.placeholder') : channel.address,
    }),
  });
  return (
    <Modal
      open
      className="coin-channel-form"
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={onOk}
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
  const title = t('funds.channels.editWire', { currency: account.currency_code });
  const { form, saving, onOk } = useChannelEdit(updateWireAccount, onClose, {
    id: account.id,
    kind: 'wire_account',
    title,
    before: account,
    shownBefore: asFields({ ...account }),
  });
  return (
    <Modal
      open
      className="wire-account-form"
      width={640}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={onOk}
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
