import { useTranslation } from 'react-i18next';
import { useBasicInfo } from '../api/get-basic-info';
import './price-source-label.css';

/**
 * "Simulated prices", wherever prices are shown, while the installation's feed is the built-in
 * simulator (a customer can tell the prices' source); nothing on a real feed. It
 * appears once the base settings have loaded, so every place that shows it keeps room that does not
 * depend on it (price-source-label.css): nothing moves when it comes.
 */
export function PriceSourceLabel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const basicInfo = useBasicInfo();
  if (basicInfo.data?.price_source !== 'simulated') return null;
  return (
    <span
      className={`price-source-label${className ? ` ${className}` : ''}`}
      data-testid="price-source-label"
    >
      {t('live.simulatedPrices')}
    </span>
  );
}
