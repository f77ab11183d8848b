/** The chart's colours; up and down match --price-up and --price-down of the style sheet. */
export const CHART_COLORS = {
  up: '#0ea371',
  down: '#e5484d',
  upVolume: 'rgba(14, 163, 113, 0.35)',
  downVolume: 'rgba(229, 72, 77, 0.35)',
  text: '#5b6475',
  grid: '#eef1f5',
  border: '#e5e8ee',
  crosshair: '#8a93a3',
  crosshairLabel: '#1f2937',
} as const;
