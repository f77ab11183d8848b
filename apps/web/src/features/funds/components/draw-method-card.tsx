import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import type { DrawMethod } from '@meridian/contract/wallet';
import { Button } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { currencyLabel } from '../utils/method-text';
import './funds.css';
import './wallet.css';

type DrawMethodCardProps = { method: DrawMethod; onDelete(method: DrawMethod): void };

/** A bound address or account in full, so the customer can check it against their own wallet or bank. */
export function DrawMethodCard({ method, onDelete }: DrawMethodCardProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const currency = currencyLabel(method.draw_currency.code, method.draw_currency.protocol);
  return (
    <article className="funds-card method-card" data-method-id={method.id}>
      <header className="funds-card-head method-card-head">
        <span className="method-card-currency">{currency}</span>
        <Button
          size="mini"
          fill="none"
          className="method-card-delete"
          aria-label={t('funds.wallet.deleteOne', { name: currency })}
          onClick={() => onDelete(method)}
        >
          <DeleteOutline aria-hidden="true" /> {t('funds.wallet.delete')}
        </Button>
      </header>
      {method.type === DRAW_TYPE.coin ? (
        <div className="method-card-address" dir="ltr">
          {method.dc_address}
        </div>
      ) : (
        <dl className="method-card-bank">
          <dt>{t('funds.bank.bankName')}</dt>
          <dd>
            <bdi>{method.bank_name}</bdi>
          </dd>
          <dt>{t('funds.bank.payeeName')}</dt>
          <dd>
            <bdi>{method.payee_name}</bdi>
          </dd>
          <dt>{t('funds.bank.payeeAccount')}</dt>
          <dd dir="ltr" className="method-card-account">
            {method.payee_account}
          </dd>
          {method.bank_swift && (
            <>
              <dt>{t('funds.bank.bankSwift')}</dt>
              <dd dir="ltr">{method.bank_swift}</dd>
            </>
          )}
        </dl>
      )}
      <footer className="method-card-date">
        {t('funds.wallet.added', { date: dates.date(new Date(method.created_time).toISOString()) })}
      </footer>
    </article>
  );
}
