import { useTranslation } from 'react-i18next';

/** Why the buttons that trade are disabled while prices are paused (useTradingPaused). */
export function TradingPausedNote({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <p className={className} role="status" data-testid="trading-paused">
      {t('live.tradingPaused')}
    </p>
  );
}
