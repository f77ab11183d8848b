import type { WireInfo } from '@meridian/contract/funds';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import './deposit.css';

type Detail = { key: string; label: string; value: string };

/** The lines a customer types into their bank's transfer form, each with its own copy button. */
function detailsOf(account: WireInfo, t: (key: string) => string): Detail[] {
  const lines: Detail[] = [
    { key: 'payee_name', label: t('funds.bank.payeeName'), value: account.payee_name },
    { key: 'payee_account', label: t('funds.bank.payeeAccount'), value: account.payee_account },
    { key: 'bank_name', label: t('funds.bank.bankName'), value: account.bank_name },
    { key: 'branch_name', label: t('funds.bank.branchName'), value: account.branch_name },
    { key: 'bank_swift', label: t('funds.bank.bankSwift'), value: account.bank_swift },
    { key: 'bank_address', label: t('funds.bank.bankAddress'), value: account.bank_address },
  ];
  return lines.filter((line) => line.value !== '');
}

/**
 * The chosen wire account (spec "Wire info"), detail by detail with copy buttons, and its remark.
 * A placeholder account of a fresh installation is not offered: nobody should wire money to it.
 */
export function WireAccountCard({ account }: { account: WireInfo }) {
  const { t } = useTranslation();
  if (account.placeholder === 1) {
    return (
      <NoticeBar
        className="funds-notice"
        color="alert"
        wrap
        content={t('funds.bank.accountNotSet')}
        data-testid="wire-not-set"
      />
    );
  }
  return (
    <section className="wire-card" aria-label={t('funds.bank.payTo')}>
      <dl className="wire-details">
        {detailsOf(account, t).map((line) => (
          <div className="wire-line" key={line.key} data-detail={line.key}>
            <dt>{line.label}</dt>
            <dd>
              <bdi className="wire-value">{line.value}</bdi>
              <CopyButton text={line.value} fill="none" className="wire-copy" />
            </dd>
          </div>
        ))}
      </dl>
      {account.bank_remark && (
        <p className="wire-remark">
          <span className="wire-remark-label">{t('funds.bank.remark')}</span> {account.bank_remark}
        </p>
      )}
    </section>
  );
}
