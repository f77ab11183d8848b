import type { BankCurrency, DepositRecord, WireInfo } from '@meridian/contract/funds';
import { ErrorBlock, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankCurrencies } from '../api/get-bank-currencies';
import { useWireAccounts } from '../api/get-wire-accounts';
import { useSubmitWireDeposit } from '../api/submit-wire-deposit';
import { DepositReport } from './deposit-report';
import { LoadState } from './load-state';
import { OptionChips } from './option-chips';
import { WireAccountCard } from './wire-account-card';
import './deposit.css';

type Submitted = { onSubmitted(record: DepositRecord): void };

/** Deposit by bank wire: the currencies first, then the form. */
export function BankDeposit({ onSubmitted }: Submitted) {
  const { t } = useTranslation();
  const currencies = useBankCurrencies(true);
  const list = currencies.data ?? [];
  return (
    <LoadState query={currencies} hasData={currencies.data !== undefined}>
      {list.length === 0 ? (
        <ErrorBlock status="empty" title={t('funds.bank.noCurrencies')} description="" />
      ) : (
        <BankDepositForm currencies={list} onSubmitted={onSubmitted} />
      )}
    </LoadState>
  );
}

/**
 * Currency, then the wire account to pay (spec "Wire info"), its details with copy buttons, the
 * amount and the proof. With no usable account the customer hears "no pay way" (spec section 5).
 */
function BankDepositForm({ currencies, onSubmitted }: Submitted & { currencies: BankCurrency[] }) {
  const { t } = useTranslation();
  const submitDeposit = useSubmitWireDeposit();
  const [currencyId, setCurrencyId] = useState(currencies[0]?.id);
  const currency = currencies.find((candidate) => candidate.id === currencyId) ?? currencies[0];
  const accounts = useWireAccounts(currency?.id);
  const [wireId, setWireId] = useState<number | undefined>(undefined);
  const wire: WireInfo | undefined =
    (accounts.data ?? []).find((account) => account.id === wireId) ?? accounts.data?.[0];
  if (!currency) return null;

  // Spec section 5: a wire deposit needs a chosen wire account ("no pay way").
  const ready = () => {
    if (wire && wire.placeholder !== 1) return true;
    Toast.show({ content: t('funds.bank.noPayWay') });
    return false;
  };

  const send = async (amount: string, proofName: string) => {
    if (!wire) return;
    onSubmitted(await submitDeposit.mutateAsync({ number: amount, proofImg: proofName, wire_id: wire.id }));
  };

  return (
    <div className="deposit-form" data-testid="bank-deposit">
      <OptionChips
        name="bank-currency"
        label={t('funds.bank.currency')}
        options={currencies.map((candidate) => ({ label: candidate.name, value: candidate.id }))}
        value={currency.id}
        onChange={(id) => {
          setCurrencyId(id);
          setWireId(undefined);
        }}
      />
      <LoadState query={accounts} hasData={accounts.data !== undefined}>
        {(accounts.data ?? []).length > 1 && (
          <OptionChips
            name="wire-account"
            label={t('funds.bank.payTo')}
            options={(accounts.data ?? []).map((account) => ({
              label: account.bank_name,
              value: account.id,
            }))}
            value={wire?.id}
            onChange={(id) => setWireId(id)}
          />
        )}
        {wire ? (
          <WireAccountCard account={wire} />
        ) : (
          <p className="funds-empty-line" data-testid="no-pay-way">
            {t('funds.bank.noPayWay')}
          </p>
        )}
      </LoadState>
      {wire?.placeholder !== 1 && (
        <DepositReport
          currency={currency.code}
          bounds={currency}
          sending={submitDeposit.isPending}
          ready={ready}
          onSend={send}
        />
      )}
    </div>
  );
}
