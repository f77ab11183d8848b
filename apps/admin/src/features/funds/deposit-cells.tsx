import { DEPOSIT_TYPE } from '@meridian/contract/funds-codes';
import type { DepositFlag, StaffDeposit } from '@meridian/contract/funds-staff';
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The customer in a queue row, kept narrow (the e-mail cut with its whole text on hover) so that at
 * 1024 pixels the amounts, the status and the flags are in sight without scrolling.
 */
export function QueueCustomer({ customer }: { customer: StaffDeposit['user'] }) {
  const contact = customer.email || customer.mobile;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{customer.uid}</Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: contact }} style={{ maxWidth: 150 }}>
        #{customer.id} · {contact}
      </Typography.Text>
    </Space>
  );
}

const FLAG_COLORS: Record<DepositFlag, string> = {
  credit_differs: 'volcano',
  placeholder_channel: 'red',
  proof_reused: 'magenta',
  first_deposit: 'geekblue',
};

/** The review flags as tags, in the screen's language. */
export function FlagTags({ flags }: { flags: readonly DepositFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Space size={[4, 4]} wrap className="deposit-flags">
      {flags.map((flag) => (
        <Tag key={flag} color={FLAG_COLORS[flag]} className={`flag-${flag}`}>
          {t(`funds.flags.${flag}.tag`)}
        </Tag>
      ))}
    </Space>
  );
}

/** What the drawer warns of: the server's flags, and a typed credit other than the suggested one. */
export function FlagsAlert({ flags, waiting }: { flags: readonly DepositFlag[]; waiting: boolean }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Alert
      type={waiting ? 'warning' : 'info'}
      showIcon
      className="deposit-flags-alert"
      message={waiting ? t('funds.flags.alertTitle') : t('funds.flags.reviewedTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {flags.map((flag) => (
            <li key={flag} className={`flag-text-${flag}`}>
              <Typography.Text strong>{t(`funds.flags.${flag}.tag`)}</Typography.Text>:{' '}
              {t(`funds.flags.${flag}.text`)}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Where a deposit was sent: the coin and its network, or the bank of the wire account. */
export function ChannelCell({ deposit }: { deposit: StaffDeposit }) {
  const { t } = useTranslation();
  return deposit.type === DEPOSIT_TYPE.coin ? (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>
        {deposit.currency_code} {deposit.protocol_code}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('funds.channel.coin', { id: deposit.channel_id })}
      </Typography.Text>
    </Space>
  ) : (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>
        {deposit.currency_code} · {deposit.bank_name}
      </Typography.Text>
      <Typography.Text type="secondary">{t('funds.channel.wire', { id: deposit.wire_id })}</Typography.Text>
    </Space>
  );
}
