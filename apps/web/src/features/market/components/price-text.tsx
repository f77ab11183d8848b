import { formatPriceText } from '../../../lib/price-format';
import type { PriceMove } from '../stores/live-quotes-store';

type PriceTextProps = {
  price: string;
  precision: number;
  move: PriceMove | null;
  /** Changes with every tick: a new value restarts the flash. */
  moveCount: number;
  className?: string;
};

/** A live price at the instrument's precision that flashes green on an up-tick and red on a down-tick. */
export function PriceText({ price, precision, move, moveCount, className }: PriceTextProps) {
  const classes = ['price-text', move && moveCount > 0 ? `flash-${move}` : '', className ?? ''].filter(
    Boolean,
  );
  return (
    <span key={moveCount} className={classes.join(' ')} dir="ltr" data-testid="price">
      {formatPriceText(price, precision)}
    </span>
  );
}
