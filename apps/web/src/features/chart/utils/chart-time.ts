import type { PeriodLabel } from '@meridian/contract/market';
import { TickMarkType, type Time } from 'lightweight-charts';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function dateOf(time: Time): Date {
  return new Date(typeof time === 'number' ? time * 1000 : String(time));
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Axis labels in the viewer's own time zone (candles start on UTC boundaries; labels are local). */
export function tickMarkFormatter(locale: string) {
  return (time: Time, type: TickMarkType): string => {
    const date = dateOf(time);
    switch (type) {
      case TickMarkType.Year:
        return formatter(locale, { year: 'numeric' }).format(date);
      case TickMarkType.Month:
        return formatter(locale, { month: 'short' }).format(date);
      case TickMarkType.DayOfMonth:
        return formatter(locale, { month: 'short', day: 'numeric' }).format(date);
      case TickMarkType.Time:
      case TickMarkType.TimeWithSeconds:
        return formatter(locale, CLOCK).format(date);
      default: {
        const unknown: never = type;
        return String(unknown);
      }
    }
  };
}

/** The time of one candle, as the crosshair label and the legend show it. */
export function candleTimeText(locale: string, period: PeriodLabel, timeSeconds: number): string {
  const options: Intl.DateTimeFormatOptions =
    period === '1D'
      ? { year: 'numeric', month: 'short', day: 'numeric' }
      : { month: 'short', day: 'numeric', ...CLOCK };
  return formatter(locale, options).format(new Date(timeSeconds * 1000));
}
