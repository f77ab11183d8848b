import type { RankingEntry } from '@meridian/contract/copy';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { ltr } from '../../../lib/bidi';
import { formatCount, formatRate, strategyKeyOf, toneOfRate } from '../utils/rank-figures';
import { TraderBadges } from './trader-badges';
import './ranking.css';
import './trader-profile.css';

/**
 * The top of a trader's profile: name and badges, when they were listed and their followers, the
 * three-week return large and the all-time return; for a strategy trader, its published rule; for a
 * demo trader, a plain sentence that the results are in virtual money.
 */
export function TraderHero({ trader }: { trader: RankingEntry }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const strategyKey = strategyKeyOf(trader.strategy);
  return (
    <section className="copy-card trader-hero">
      <div className="trader-hero-head">
        <h2 className="trader-hero-name">
          <bdi>{trader.user}</bdi>
        </h2>
        <TraderBadges trader={trader} />
      </div>
      <p className="trader-hero-meta">
        {t('copy.profile.since', { date: dates.date(new Date(trader.since).toISOString()) })}
        {' · '}
        {t('copy.profile.followers', { followers: ltr(formatCount(trader.followers)) })}
      </p>
      <div className="trader-hero-figures">
        <div className="trader-hero-figure" data-field="three_week_rate">
          <bdi dir="ltr" className={`trader-hero-rate tone-${toneOfRate(trader.three_week_rate)}`}>
            {formatRate(trader.three_week_rate)}
          </bdi>
          <span>{t('copy.rank.threeWeekRate')}</span>
        </div>
        <div className="trader-hero-figure" data-field="total_rate">
          <bdi dir="ltr" className={`trader-hero-rate is-secondary tone-${toneOfRate(trader.total_rate)}`}>
            {formatRate(trader.total_rate)}
          </bdi>
          <span>{t('copy.rank.totalRate')}</span>
        </div>
      </div>
      {strategyKey && (
        <div className="trader-strategy" data-strategy={trader.strategy}>
          <h3 className="trader-strategy-title">{t('copy.profile.strategyTitle')}</h3>
          <p>{t(strategyKey)}</p>
        </div>
      )}
      {trader.is_demo === 1 && <p className="trader-demo-note">{t('copy.profile.demoNote')}</p>}
    </section>
  );
}
