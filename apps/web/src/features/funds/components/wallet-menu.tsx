import { List } from 'antd-mobile';
import { BankcardOutline, LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { DrawKind } from '../api/funds-keys';
import { useDrawMethods } from '../api/get-draw-methods';
import './wallet.css';
import './funds.css';

/** /mine/wallet: the customer's coin addresses and bank accounts, each list with how many are bound. */
export function WalletMenu({ onOpen }: { onOpen(kind: DrawKind): void }) {
  const { t } = useTranslation();
  const coins = useDrawMethods(1);
  const banks = useDrawMethods(2);
  const count = (data: readonly unknown[] | undefined) =>
    data === undefined ? '' : t('funds.wallet.count', { count: data.length });
  return (
    <div className="wallet-menu">
      <p className="wallet-intro">{t('funds.wallet.intro')}</p>
      <List className="wallet-entries">
        <List.Item
          prefix={<LinkOutline className="wallet-entry-icon" aria-hidden="true" />}
          description={t('funds.wallet.coinHint')}
          extra={<span data-testid="coin-count">{count(coins.data)}</span>}
          onClick={() => onOpen(1)}
          arrow
        >
          {t('funds.wallet.coinAddresses')}
        </List.Item>
        <List.Item
          prefix={<BankcardOutline className="wallet-entry-icon" aria-hidden="true" />}
          description={t('funds.wallet.bankHint')}
          extra={<span data-testid="bank-count">{count(banks.data)}</span>}
          onClick={() => onOpen(2)}
          arrow
        >
          {t('funds.wallet.bankAccounts')}
        </List.Item>
      </List>
    </div>
  );
}
