import type { RankingEntry } from '@meridian/contract/copy';
import { useTranslation } from 'react-i18next';
import {
  formatCount,
  formatDrawdown,
  formatIncome,
  formatMultiple,
  formatRate,
  formatVariety,
  formatWinRate,
  type Tone,
  toneOfDrawdown,
  toneOfRate,
} from '../utils/rank-figures';
import './ranking.css';
import './trader-profile.css';

type StatRow = { key: string; label: string; threeWeeks: [string, Tone]; allTime: [string, Tone] };

function Cell({ value, tone }: { value: string; tone: Tone }) {
  return (
    <td>
      <bdi dir="ltr" className={`tone-${tone}`}>
        {value}
      </bdi>
    </td>
  );
}

/**
 * A trader's statistics side by side for the last three weeks (spec section 9) and all time:
 * return, profit, win rate, orders and maximum drawdown; then the usual leverage and instrument.
 */
export function TraderStats({ trader }: { trader: RankingEntry }) {
  const { t } = useTranslation();
  const rows: StatRow[] = [
    {
      key: 'rate',
      label: t('copy.profile.return'),
      threeWeeks: [formatRate(trader.three_week_rate), toneOfRate(trader.three_week_rate)],
      allTime: [formatRate(trader.total_rate), toneOfRate(trader.total_rate)],
    },
    {
      key: 'profit',
      label: t('copy.profile.profit'),
      threeWeeks: [formatIncome(trader.three_week_profit), toneOfRate(trader.three_week_profit)],
      allTime: [formatIncome(trader.total_profit), toneOfRate(trader.total_profit)],
    },
    {
      key: 'win',
      label: t('copy.profile.winRate'),
      threeWeeks: [formatWinRate(trader.three_week_win), 'flat'],
      allTime: [formatWinRate(trader.total_win), 'flat'],
    },
    {
      key: 'orders',
      label: t('copy.profile.orders'),
      threeWeeks: [formatCount(trader.three_week_trade_num), 'flat'],
      allTime: [formatCount(trader.total_trade_num), 'flat'],
    },
    {
      key: 'drawdown',
      label: t('copy.profile.drawdown'),
      threeWeeks: [formatDrawdown(trader.three_week_drawdown), toneOfDrawdown(trader.three_week_drawdown)],
      allTime: [formatDrawdown(trader.total_drawdown), toneOfDrawdown(trader.total_drawdown)],
    },
  ];
  return (
    <section className="copy-card trader-stats" aria-labelledby="trader-stats-title">
      <h3 className="copy-card-title" id="trader-stats-title">
        {t('copy.profile.statistics')}
      </h3>
      <table className="trader-stats-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('copy.profile.figure')}</span>
            </th>
            <th scope="col">{t('copy.profile.threeWeeks')}</th>
            <th scope="col">{t('copy.profile.allTime')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-field={row.key}>
              <th scope="row">{row.label}</th>
              <Cell value={row.threeWeeks[0]} tone={row.threeWeeks[1]} />
              <Cell value={row.allTime[0]} tone={row.allTime[1]} />
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="trader-stats-extra">
        <div data-field="multiple">
          <dt>{t('copy.rank.multiple')}</dt>
          <dd>
            <bdi dir="ltr">{formatMultiple(trader.multiple)}</bdi>
          </dd>
        </div>
        <div data-field="variety">
          <dt>{t('copy.rank.variety')}</dt>
          <dd>
            <bdi dir="ltr">{formatVariety(trader.code)}</bdi>
          </dd>
        </div>
      </dl>
    </section>
  );
}
