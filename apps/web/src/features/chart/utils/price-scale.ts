import type { AutoscaleInfo } from 'lightweight-charts';

/**
 * Room, in pixels, kept between the highest (lowest) price in view and the pane's top (bottom)
 * edge: half of a price label's height and a little air, so the label of the extreme candle
 * (crosshair or last price) is drawn whole, whatever the period's range.
 */
export const PRICE_LABEL_ROOM_PX = 14;

/**
 * The candles' autoscale: the range of the bars in view, as the library finds it, with room for a
 * price label above the highest and below the lowest. The fractional scale margins alone shrink to
 * a few pixels on a short pane, which clipped the extreme candles' labels on some periods.
 */
export function withLabelRoom(original: AutoscaleInfo | null): AutoscaleInfo | null {
  if (!original?.priceRange) return original;
  const above = Math.max(original.margins?.above ?? 0, PRICE_LABEL_ROOM_PX);
  const below = Math.max(original.margins?.below ?? 0, PRICE_LABEL_ROOM_PX);
  return { priceRange: original.priceRange, margins: { above, below } };
}
