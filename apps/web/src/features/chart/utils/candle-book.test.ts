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
});
