import { compareDecimalText } from '../../../lib/decimal-text';
import './market.css';

type SparklineProps = { points: readonly string[] | undefined; widthPx?: number; heightPx?: number };

const PADDING_PX = 2;

/** The line's path through the points, scaled into the box (display only, so floats are fine). */
export function sparklinePath(points: readonly string[], widthPx: number, heightPx: number): string {
  const values = points.map(Number).filter(Number.isFinite);
  if (values.length < 2) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  const range = high - low || 1;
  const step = (widthPx - PADDING_PX * 2) / (values.length - 1);
  return values
    .map((value, index) => {
      const x = PADDING_PX + index * step;
      // A flat day draws a line through the middle rather than along the bottom.
      const y =
        high === low ? heightPx / 2 : PADDING_PX + (1 - (value - low) / range) * (heightPx - PADDING_PX * 2);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(' ');
}

/** A day of hourly closes as a small line, green when the day went up and red when it went down. */
export function Sparkline({ points, widthPx = 64, heightPx = 28 }: SparklineProps) {
  const path = points ? sparklinePath(points, widthPx, heightPx) : '';
  const first = points?.[0];
  const last = points?.at(-1);
  const tone = first && last && compareDecimalText(last, first) === -1 ? 'down' : 'up';
  return (
    <svg
      className={`sparkline tone-${tone}`}
      width={widthPx}
      height={heightPx}
      viewBox={`0 0 ${widthPx} ${heightPx}`}
      aria-hidden="true"
      focusable="false"
    >
      {path && (
        <>
          <path
            className="sparkline-area"
            d={`${path} L${widthPx - PADDING_PX} ${heightPx} L${PADDING_PX} ${heightPx} Z`}
          />
          <path className="sparkline-line" d={path} />
        </>
      )}
    </svg>
  );
}
