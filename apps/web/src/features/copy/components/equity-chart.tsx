import type { TraderProfile } from '@meridian/contract/copy';
import { LANGUAGE_TAGS, type Language, normalizeLanguage } from '@meridian/contract/languages';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEquityChart } from '../hooks/use-equity-chart';
import { equityChartPoints } from '../utils/equity-points';
import './trader-profile.css';

/** Two points make a line; with fewer the chart would be an empty frame. */
const POINTS_MIN = 2;

/**
 * The trader's equity curve (the trading result; deposits and withdrawals left out), an area chart.
 * Latin digits and the Gregorian calendar in every language, as on the trade page's chart.
 */
export function EquityChart({ curve }: { curve: TraderProfile['curve'] }) {
  const { t, i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const locale = `${LANGUAGE_TAGS[language]}-u-nu-latn-ca-gregory`;
  const points = useMemo(() => equityChartPoints(curve), [curve]);
  if (points.length < POINTS_MIN) {
    return <p className="equity-chart-empty">{t('copy.profile.curveEmpty')}</p>;
  }
  return <EquityChartCanvas points={points} locale={locale} language={language} />;
}

function EquityChartCanvas({
  points,
  locale,
  language,
}: {
  points: ReturnType<typeof equityChartPoints>;
  locale: string;
  language: Language;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEquityChart(containerRef, points, locale, language);
  // The chart keeps left-to-right in Arabic too: time runs left to right on every trading chart.
  return <div className="equity-chart" ref={containerRef} dir="ltr" data-testid="equity-chart" />;
}
