import type { CoinChannel, DepositRecord } from '@meridian/contract/funds';
import { checkFundsAmount } from '@meridian/domain/funds-amount';
import { depositCredit } from '@meridian/domain/withdraw-figures';
import { ErrorBlock } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../lib/money-format';
import { useCoinChannels } from '../api/get-coin-channels';
import { useSubmitCoinDeposit } from '../api/submit-coin-deposit';
import { DepositReport } from './deposit-report';
import { LoadState } from './load-state';
import { OptionChips } from './option-chips';
import { ReceivingAddressCard } from './receiving-address-card';
import './deposit.css';

type Submitted = { onSubmitted(record: DepositRecord): void };

/** Deposit by coin: the channels first, then the form. */
export function CoinDeposit({ onSubmitted }: Submitted) {
  const { t } = useTranslation();
  const channels = useCoinChannels();
  const list = channels.data ?? [];
  return (
    <LoadState query={channels} hasData={channels.data !== undefined} lines={6}>
      {list.length === 0 ? (
        <ErrorBlock status="empty" title={t('funds.deposit.noChannels')} description="" />
      ) : (
        <CoinDepositForm channels={list} onSubmitted={onSubmitted} />
      )}
    </LoadState>
  );
}

/** "≈ 1,000.00 USDT credited after review": the domain's default credit for what is typed. */
function creditEstimate(amount: string, channel: CoinChannel): string | undefined {
  const checked = checkFundsAmount(amount, { decimalsMax: channel.decimals, min: '0', max: '0' });
  return checked.ok ? depositCredit(checked.value, channel.usd_per_unit) : undefined;
}

/**
 * Coin, then network (spec "Deposit form concepts"), the receiving address with its QR code and copy
 * button, then the amount and the proof. A placeholder address offers nothing to fill in.
 */
function CoinDepositForm({ channels, onSubmitted }: Submitted & { channels: CoinChannel[] }) {
  const { t } = useTranslation();
  const submitDeposit = useSubmitCoinDeposit();
  const coins = useMemo(() => [...new Set(channels.map((channel) => channel.currency_code))], [channels]);
  const [coin, setCoin] = useState(coins[0] ?? '');
  const networks = channels.filter((channel) => channel.currency_code === coin);
  const [channelId, setChannelId] = useState(networks[0]?.id);
  const channel = networks.find((candidate) => candidate.id === channelId) ?? networks[0];
  if (!channel) return null;

  const chooseCoin = (next: string) => {
    setCoin(next);
    setChannelId(channels.find((candidate) => candidate.currency_code === next)?.id);
  };

  const send = async (amount: string, proofName: string) => {
    const record = await submitDeposit.mutateAsync({
      number: amount,
      proofImg: proofName,
      address: channel.address,
      charge_id: channel.id,
    });
    onSubmitted(record);
  };

  const estimate = (amount: string) => {
    const credit = creditEstimate(amount, channel);
    return (
      credit !== undefined && (
        <span className="funds-estimate">
          {t('funds.deposit.creditEstimate', { amount: formatMoneyText(credit, 2) })}
        </span>
      )
    );
  };

  return (
    <div className="deposit-form" data-testid="coin-deposit">
      <OptionChips
        name="coin"
        label={t('funds.deposit.coin')}
        options={coins.map((code) => ({ label: code, value: code }))}
        value={coin}
        onChange={chooseCoin}
      />
      <OptionChips
        name="network"
        label={t('funds.deposit.network')}
        options={networks.map((candidate) => ({ label: candidate.protocol_code, value: candidate.id }))}
        value={channel.id}
        onChange={(id) => setChannelId(id)}
      />
      <ReceivingAddressCard channel={channel} />
      {channel.address_placeholder !== 1 && (
        <DepositReport
          currency={channel.currency_code}
          bounds={channel}
          extra={estimate}
          sending={submitDeposit.isPending}
          onSend={send}
        />
      )}
    </div>
  );
}
