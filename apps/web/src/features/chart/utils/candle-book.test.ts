import type { Candle } from '@meridian/contract/market';
import { describe, expect, it } from 'vitest';
import { CandleBook } from './candle-book';

const candle = (time: number, close: string): Candle => ({
  Time: time,
  Open: '1.0',
  High: close,
  Low: '1.0',
  Close: close,
  Volume: '3',
});

describe('CandleBook', () => {
  it('holds pushes until the history arrives, then applies the ones that still count', () => {
    const book = new CandleBook();
    expect(book.accept(candle(120, '1.3'))).toBe(false);
    expect(book.accept(candle(60, '1.2'))).toBe(false);
    const applied = book.load([candle(0, '1.1'), candle(60, '1.15')]);
    expect(applied.map((item) => [item.Time, item.Close])).toEqual([
      [60, '1.2'],
      [120, '1.3'],
    ]);
    expect(book.last()?.Close).toBe('1.3');
    expect(book.get(60)?.Close).toBe('1.2');
  });

  it('updates the last candle, adds a new one and refuses an older one', () => {
    const book = new CandleBook();
    book.load([candle(0, '1'), candle(60, '2')]);
    expect(book.accept(candle(60, '2.5'))).toBe(true);
    expect(book.accept(candle(120, '3'))).toBe(true);
    expect(book.accept(candle(60, '9'))).toBe(false);
    expect(book.get(60)?.Close).toBe('2.5');
    expect(book.last()?.Time).toBe(120);
  });

  it('starts from nothing when the history is empty', () => {
    const book = new CandleBook();
    expect(book.load([])).toEqual([]);
    expect(book.last()).toBeUndefined();
    expect(book.accept(candle(60, '1'))).toBe(true);
    expect(book.last()?.Time).toBe(60);
  });

  it('keeps only the latest pushes while waiting', () => {
    const book = new CandleBook();
    for (let minute = 0; minute < 100; minute += 1) book.accept(candle(minute * 60, String(minute)));
    const applied = book.load([]);
    expect(applied).toHaveLength(64);
    expect(applied[0]?.Time).toBe(36 * 60);
  });

  it('pages older history in before the first candle, only for the history it was asked of', () => {
    const book = new CandleBook();
    expect(book.olderFrom()).toBeUndefined();
    book.load([candle(600, '1.6'), candle(660, '1.7')]);
    expect(book.olderFrom()).toBe(600);
    // A page may repeat the first candle; only the older ones are added.
    expect(book.prepend([candle(480, '1.4'), candle(540, '1.5'), candle(600, '9')], 600)).toBe(2);
    expect(book.list().map((item) => [item.Time, item.Close])).toEqual([
      [480, '1.4'],
      [540, '1.5'],
      [600, '1.6'],
      [660, '1.7'],
    ]);
    expect(book.olderFrom()).toBe(480);
    // A page asked before a reload belongs to another history: dropped.
    book.load([candle(720, '1.8')]);
    expect(book.prepend([candle(420, '1.3')], 480)).toBe(0);
    expect(book.list().map((item) => item.Time)).toEqual([720]);
    // Live candles keep coming after pages of history.
    expect(book.prepend([candle(660, '1.7')], 720)).toBe(1);
    expect(book.accept(candle(780, '1.9'))).toBe(true);
    expect(book.list().map((item) => item.Time)).toEqual([660, 720, 780]);
    // An empty page: the stored start is reached, nothing more is asked.
    expect(book.prepend([], 660)).toBe(0);
    expect(book.olderFrom()).toBeUndefined();
  });
});
