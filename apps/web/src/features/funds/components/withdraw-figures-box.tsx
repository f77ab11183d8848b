import type { DrawCurrency } from '@meridian/contract/funds';
import type { WithdrawFigures } from '@meridian/domain/withdraw-figures';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../lib/money-format';
import { formatDecimal } from '../../../lib/number-format';
import './withdraw.css';

const FEE_PLACES_SHOWN = 8;

/** A fee as charged (up to the 8 places the ledger keeps), without needless zeros past the cents. */
function feeText(fee: string): string {
  return formatDecimal(fee, { minPlaces: 2, maxPlaces: FEE_PLACES_SHOWN });
}

/**
 * The fee and the expected amount received, as the customer types (spec section 9: receive =
 * (amount - fee) x price, 2 places, floored at 0), with the rate when the currency is not USDT.
 */
export function WithdrawFiguresBox({
  currency,
  figures,
}: {
  currency: DrawCurrency;
  figures: WithdrawFigures | undefined;
}) {
  const { t } = useTranslation();
  const converted = currency.code !== 'USDT';
  return (
    <dl className="withdraw-figures" aria-live="polite" data-testid="withdraw-figures">
      <div className="withdraw-figure">
        <dt>{t('funds.withdraw.fee')}</dt>
        <dd data-testid="withdraw-fee">
          <bdi>{figures ? `${feeText(figures.fee)} USDT` : '--'}</bdi>
        </dd>
      </div>
      {converted && (
        <div className="withdraw-figure">
          <dt>{t('funds.withdraw.rate')}</dt>
          <dd>
            <bdi>
              {t('funds.withdraw.rateValue', {
                price: formatDecimal(currency.usd_price),
                currency: currency.code,
              })}
            </bdi>
          </dd>
        </div>
      )}
      <div className="withdraw-figure is-receive">
        <dt>{t('funds.withdraw.receive')}</dt>
        <dd data-testid="withdraw-receive">
          <bdi>{figures ? `${formatMoneyText(figures.receive, 2)} ${currency.code}` : '--'}</bdi>
        </dd>
      </div>
    </dl>
  );
}
