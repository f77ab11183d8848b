import { useRef } from 'react';
import { formatPriceText } from '../../../lib/price-format';
import type { PriceMove } from '../stores/live-quotes-store';
import './market.css';

type PriceTextProps = {
  price: string;
  precision: number;
  move: PriceMove | null;
  /** Changes with every tick: a new value plays the flash again. */
  moveCount: number;
  className?: string;
};

/**
 * A live price at the instrument's precision. A tick seen while it is shown flashes a green (up) or
 * red (down) tint behind it that fades out in market.css; none under `prefers-reduced-motion`.
 * Only the changed price's class changes: no element is remounted and no timer runs per cell.
 */
export function PriceText({ price, precision, move, moveCount, className }: PriceTextProps) {
  // The count when mounted is an old move: only moves seen while shown flash.
  const mountedCount = useRef(moveCount);
  const flash = move && moveCount !== mountedCount.current ? move : null;
  const classes = [
    'price-text',
    flash ? `flash-${flash}` : '',
    // Two names for one fade: switching between them on every tick starts it again.
    flash && moveCount % 2 === 1 ? 'flash-odd' : '',
    className ?? '',
  ].filter(Boolean);
  return (
    <span className={classes.join(' ')} dir="ltr" data-testid="price">
      {formatPriceText(price, precision)}
    </span>
  );
}
