import type { ForexDetail } from '@meridian/contract/trading';
import { netValue, riskRatePercent } from '@meridian/domain/account-metrics';
import { asMoney } from '@meridian/domain/trade-values';
import type { TradeTotals } from '../stores/order-marks-store';

export type AccountFigures = {
  /** Margin held by pending orders (forexDetail pending_margin): outside the net value until they fill. */
  reserved: string | undefined;
  balance: string;
  margin: string;
  floating: string;
  netValue: string;
  riskRate: string | null;
};

/**
 * The account's figures. Without positions, the account detail's. With positions, the margin and
 * floating profit move with every `forex.trade` push, while the balance is the account detail's
 * (read again after every order, close and cancel, which are the only things that move it here):
 * the push's balance is the engine's cached copy and can lag behind. Net value and risk rate are then
 * worked out from the figures shown, by the domain's formulas, so the card always adds up.
 */
export function accountFigures(
  detail: ForexDetail | undefined,
  totals: TradeTotals | null,
): AccountFigures | null {
  const reserved = detail?.pending_margin;
  if (!totals) {
    if (!detail) return null;
    return {
      reserved,
      balance: detail.balance,
      margin: detail.margin,
      floating: detail.floating_profit,
      netValue: detail.net_value,
      riskRate: detail.risk_rate,
    };
  }
  const balance = asMoney(detail?.balance ?? totals.balance);
  const positionMargin = asMoney(totals.margin);
  const equity = netValue({ balance, positionMargin, floatingProfit: asMoney(totals.all_fact_profits) });
  return {
    reserved,
    balance,
    margin: positionMargin,
    floating: totals.all_fact_profits,
    netValue: equity,
    riskRate: riskRatePercent(equity, positionMargin),
  };
}
