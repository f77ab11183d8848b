import type { RankingEntry, RankingSort } from '@meridian/contract/copy';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  formatCount,
  formatIncome,
  formatMultiple,
  formatRate,
  formatVariety,
  formatWinRate,
  toneOfRate,
} from '../utils/rank-figures';
import { RankFigure } from './rank-figure';
import { TraderBadges } from './trader-badges';
import './ranking.css';

type RankingRowProps = {
  entry: RankingEntry;
  place: number;
  sort: RankingSort;
  onOpen(traderId: number): void;
};

/**
 * One ranked trader (spec section 3 "Ranking entry"): place, name and badges, the most-traded
 * instrument (variety) and usual leverage (multiplier), the three-week return large, and the
 * three-week income, win rate, total return, total orders and followers. Tapping opens the profile.
 */
export function RankingRow({ entry, place, sort, onOpen }: RankingRowProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="plain-button rank-row"
      data-trader-id={entry.trader_id}
      onClick={() => onOpen(entry.trader_id)}
    >
      <span className="rank-row-head">
        <span className={`rank-place${place <= 3 ? ` place-${place}` : ''}`}>{place}</span>
        <span className="rank-row-names">
          <span className="rank-row-name-line">
            <bdi className="rank-name">{entry.user}</bdi>
            <TraderBadges trader={entry} />
          </span>
          {/* A trader without orders has no main instrument yet: the line is left out, not dashed. */}
          {entry.code !== null && (
            <span className="rank-row-meta">
              <span className="rank-meta-item" data-field="variety">
                {t('copy.rank.variety')} <bdi dir="ltr">{formatVariety(entry.code)}</bdi>
              </span>
            </span>
          )}
        </span>
        <span className={`rank-headline${sort === 'rate' ? ' is-sorted' : ''}`} data-field="three_week_rate">
          <bdi dir="ltr" className={`rank-headline-value tone-${toneOfRate(entry.three_week_rate)}`}>
            {formatRate(entry.three_week_rate)}
          </bdi>
          <span className="rank-headline-label">{t('copy.rank.threeWeekRate')}</span>
        </span>
        <RightOutline className="rank-row-arrow" aria-hidden="true" />
      </span>
      <span className="rank-figures">
        <RankFigure
          field="three_week_profit"
          label={t('copy.rank.threeWeekProfit')}
          value={formatIncome(entry.three_week_profit)}
          tone={toneOfRate(entry.three_week_profit)}
        />
        <RankFigure
          field="three_week_win"
          label={t('copy.rank.winRate')}
          value={formatWinRate(entry.three_week_win)}
          highlighted={sort === 'win'}
        />
        <RankFigure
          field="total_rate"
          label={t('copy.rank.totalRate')}
          value={formatRate(entry.total_rate)}
          tone={toneOfRate(entry.total_rate)}
        />
        <RankFigure
          field="total_trade_num"
          label={t('copy.rank.totalOrders')}
          value={formatCount(entry.total_trade_num)}
        />
        <RankFigure
          field="followers"
          label={t('copy.rank.followers')}
          value={formatCount(entry.followers)}
          highlighted={sort === 'followers'}
        />
        <RankFigure field="multiple" label={t('copy.rank.multiple')} value={formatMultiple(entry.multiple)} />
      </span>
    </button>
  );
}
