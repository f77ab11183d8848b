import type { RankingEntry } from '@meridian/contract/copy';
import { useTranslation } from 'react-i18next';
import { badgesOf } from '../utils/rank-figures';
import './ranking.css';

/**
 * A trader's badges: "Strategy" for a platform strategy run by published rules, and "Demo account"
 * for a trader whose results are in virtual money — said plainly, so nobody mistakes them for real.
 */
export function TraderBadges({ trader }: { trader: Pick<RankingEntry, 'is_demo' | 'is_strategy'> }) {
  const { t } = useTranslation();
  const badges = badgesOf(trader);
  if (badges.length === 0) return null;
  return (
    <span className="trader-badges">
      {badges.map((badge) => (
        <span key={badge} className={`trader-badge badge-${badge}`} data-badge={badge}>
          {t(badge === 'demo' ? 'copy.badge.demo' : 'copy.badge.strategy')}
        </span>
      ))}
    </span>
  );
}
