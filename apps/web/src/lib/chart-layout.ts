import { ColorType, type DeepPartial, type LayoutOptions } from 'lightweight-charts';

/** The greys every chart draws with: its labels, grid lines and axis borders (a canvas takes no CSS variables). */
export const CHART_GREYS = {
  text: '#5b6475',
  grid: '#eef1f5',
  border: '#e5e8ee',
} as const;

/** The layout every chart shares: drawn over the page's own background, small grey labels, the library's logo. */
export function chartLayout(): DeepPartial<LayoutOptions> {
  return {
    background: { type: ColorType.Solid, color: 'transparent' },
    textColor: CHART_GREYS.text,
    fontSize: 11,
    attributionLogo: true,
  };
}
