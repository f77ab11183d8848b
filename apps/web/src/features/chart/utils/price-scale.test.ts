import { describe, expect, it } from 'vitest';
import { PRICE_LABEL_ROOM_PX, withLabelRoom } from './price-scale';

describe('withLabelRoom', () => {
  it('keeps the range of the bars in view and adds room for a label above and below', () => {
    const range = { minValue: 1.0841, maxValue: 1.0963 };
    expect(withLabelRoom({ priceRange: range })).toEqual({
      priceRange: range,
      margins: { above: PRICE_LABEL_ROOM_PX, below: PRICE_LABEL_ROOM_PX },
    });
  });

  it('keeps a larger margin the library asked for', () => {
    const range = { minValue: 90, maxValue: 110 };
    expect(withLabelRoom({ priceRange: range, margins: { above: 30, below: 2 } })?.margins).toEqual({
      above: 30,
      below: PRICE_LABEL_ROOM_PX,
    });
  });

  it('leaves an empty chart without a range', () => {
    expect(withLabelRoom(null)).toBeNull();
    expect(withLabelRoom({ priceRange: null })).toEqual({ priceRange: null });
  });
});
