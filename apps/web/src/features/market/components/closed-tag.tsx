import { useTranslation } from 'react-i18next';
import './market.css';

/** Marks an instrument whose market is closed (MarketStatus 0). */
export function ClosedTag() {
  const { t } = useTranslation();
  return <span className="closed-tag">{t('market.closed')}</span>;
}
