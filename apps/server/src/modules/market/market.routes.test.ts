import type { Category, Instrument, Sparkline, Candle as WireCandle } from '@meridian/contract/market';
import { aggregateCandles, type Period, periodStartMs } from '@meridian/domain/candles';
import { toDecimal } from '@meridian/domain/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, createTestClock, type TestApp } from '../../../test/app';
import { toWireCandle } from './live/broadcast';
import * as repository from './market.repository';
import { seedMarket } from './market.service';

const MINUTE = 60_000;
// Wednesday 2026-11-18 12:00 UTC.
const START = new Date('2026-11-18T12:00:00Z');
const EURUSD = 1;
const BTCUSDT = 13;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: createTestClock(START),
    market: { autoStart: false, backfill: { minuteDays: 1, dayDays: 10 } },
  });
  // Two and a half minutes of live ticks, then everything written.
  for (let step = 0; step < 300; step += 1) {
    t.clock.advance(500);
    await t.app.market.tick();
  }
  await t.app.market.flush();
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string, lang = 'en') {
  return body<T>(await t.app.inject({ method: 'GET', url, headers: { lang } }));
}

describe('GET /v1/api/forex/categories', () => {
  it('lists the five categories with names in the request language', async () => {
    const english = await get<Category[]>('/v1/api/forex/categories?t=1');
    expect(english.code).toBe(1);
    expect(english.data.map((category) => category.NameShowTrans)).toEqual([
      'Forex',
      'Crypto',
      'Metals',
      'Energy',
      'Indices',
    ]);
    const german = await get<Category[]>('/v1/api/forex/categories', 'de');
    expect(german.data[0]).toEqual({ Id: 1, NameShowTrans: 'Devisen' });
    const standard = body<Category[]>(await t.app.inject({ method: 'GET', url: '/v1/api/forex/categories' }));
    expect(standard.data[1]?.NameShowTrans).toBe('加密貨幣');
  });
});

describe('GET /v1/api/forex/trade_list', () => {
  it('lists every instrument with its terms and live quotes', async () => {
    const answer = await get<Instrument[]>('/v1/api/forex/trade_list?t=1700000000000');
    expect(answer.code).toBe(1);
    expect(answer.data).toHaveLength(32);
    const euro = answer.data.find((instrument) => instrument.Code === 'EURUSD');
    expect(euro).toMatchObject({
      Id: EURUSD,
      ShowCode: 'EUR/USD',
      CategoryId: 1,
      MarketStatus: 1,
      PricePrecision: 5,
      Pip: '0.01',
      ForexMinCont: '0.01',
      ForexMaxCont: '50',
      ForexContNum: '100000',
      ForexFeeRate: '7',
      MarginMode: 2,
      HasForexMultiple: [{ Value: 50 }, { Value: 100 }, { Value: 200 }, { Value: 500 }],
      QuoteCurrency: 'USD',
      Spread: '0.00004',
    });
    expect(euro?.Logo).toMatch(/^\/v1\/api\/forex\/logo\/EURUSD\.svg\?v=[0-9a-f]{10}$/);
    for (const instrument of answer.data) {
      const quote = instrument.ForexQuotations;
      expect(toDecimal(quote.Bid).lte(quote.Close) && toDecimal(quote.Ask).gte(quote.Close)).toBe(true);
      expect(toDecimal(quote.Low).lte(quote.Close) && toDecimal(quote.High).gte(quote.Close)).toBe(true);
      expect(quote.Close.split('.')[1]?.length ?? 0).toBe(instrument.PricePrecision);
      const change = toDecimal(quote.Close).minus(quote.Open).div(quote.Open).times(100);
      expect(toDecimal(quote.Change).minus(change).abs().lte('0.005')).toBe(true);
    }
  });

  it('moves with the feed', async () => {
    const before = await get<Instrument[]>('/v1/api/forex/trade_list');
    for (let step = 0; step < 10; step += 1) {
      t.clock.advance(500);
      await t.app.market.tick();
    }
    const after = await get<Instrument[]>('/v1/api/forex/trade_list');
    const moved = after.data.filter(
      (instrument, index) => instrument.ForexQuotations.Time !== before.data[index]?.ForexQuotations.Time,
    );
    expect(moved.length).toBeGreaterThan(25);
  });

  it('matches searchCurrency against Code and ShowCode in any case, and filters by category', async () => {
    const codes = async (url: string) =>
      (await get<Instrument[]>(url)).data.map((instrument) => instrument.Code);
    expect(await codes('/v1/api/forex/trade_list?searchCurrency=eur')).toEqual([
      'EURUSD',
      'EURGBP',
      'EURJPY',
      'EURCHF',
    ]);
    expect(await codes('/v1/api/forex/trade_list?searchCurrency=BTC%2F')).toEqual(['BTCUSDT']);
    expect(await codes('/v1/api/forex/trade_list?searchCurrency=crude')).toEqual(['USOIL', 'UKOIL']);
    expect(await codes('/v1/api/forex/trade_list?searchCurrency=%25')).toEqual([]);
    expect(await codes('/v1/api/forex/trade_list?searchCurrency=')).toHaveLength(32);
    expect(await codes('/v1/api/forex/trade_list?category_id=3')).toEqual(['XAUUSD', 'XAGUSD', 'XPTUSD']);
    expect(await codes('/v1/api/forex/trade_list?category_id=2&searchCurrency=usdt')).toHaveLength(8);
  });

  it('matches searchCurrency against names and aliases in the 15 languages, any case or accent', async () => {
    const codes = async (search: string, lang = 'en') =>
      (
        await get<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent(search)}`, lang)
      ).data.map((instrument) => instrument.Code);
    expect(await codes('gold')).toEqual(['XAUUSD']);
    expect(await codes('GOLD')).toEqual(['XAUUSD']);
    expect(await codes('黃金', 'hk')).toEqual(['XAUUSD']);
    expect(await codes('ذهب', 'ar')).toEqual(['XAUUSD']);
    expect(await codes('금', 'kr')).toContain('XAUUSD');
    expect(await codes('bitcoin')).toEqual(['BTCUSDT']);
    expect(await codes('nasdaq')).toEqual(['NAS100']);
    expect(await codes('dax', 'de')).toEqual(['GER40']);
    expect(await codes('petroleo', 'spa')).toEqual(['USOIL', 'UKOIL']);
    expect(await codes('petróleo', 'pt')).toEqual(['USOIL', 'UKOIL']);
    expect(await codes('PETRÓLEO', 'spa')).toEqual(['USOIL', 'UKOIL']);
    // A name whole is found whatever the reader's language.
    expect(await codes('ذهب', 'en')).toEqual(['XAUUSD']);
    // Tickers and shown codes as before, with or without the slash.
    expect(await codes('EUR/USD')).toEqual(['EURUSD']);
    expect(await codes('eur usd')).toEqual(['EURUSD']);
    expect(await codes('eurusd', 'kr')).toEqual(['EURUSD']);
    // A category still narrows a search by name.
    const energy = await get<Instrument[]>('/v1/api/forex/trade_list?category_id=4&searchCurrency=gold');
    expect(energy.data).toEqual([]);
    const metals = await get<Instrument[]>('/v1/api/forex/trade_list?category_id=3&searchCurrency=gold');
    expect(metals.data.map((instrument) => instrument.Code)).toEqual(['XAUUSD']);
  });

  it('bounds searchCurrency: too long or a control character is refused in the request language, never a 500', async () => {
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent('黃'.repeat(33))}`,
      headers: { lang: 'en' },
    });
    expect(tooLong.statusCode).toBe(200);
    expect(body(tooLong).code).toBe(0);
    const control = await t.app.inject({
      method: 'GET',
      url: '/v1/api/forex/trade_list?searchCurrency=gold%00',
      headers: { lang: 'de' },
    });
    expect(control.statusCode).toBe(200);
    expect(body(control).code).toBe(0);
    expect(body(control).msg).not.toBe('');
    const marksOnly = await get<Instrument[]>(
      `/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent('\u0301\u0301 ／')}`,
    );
    expect(marksOnly.code).toBe(1);
    expect(marksOnly.data).toEqual([]);
  });

  it('computes MarketStatus from the session at the edges of the weekend', async () => {
    const now = t.clock.now();
    const statusAt = async (iso: string) => {
      t.clock.set(new Date(iso));
      const list = (await get<Instrument[]>('/v1/api/forex/trade_list')).data;
      const of = (code: string) => list.find((instrument) => instrument.Code === code)?.MarketStatus;
      return [of('EURUSD'), of('XAUUSD'), of('US500'), of('BTCUSDT')];
    };
    try {
      expect(await statusAt('2026-11-20T21:59:00Z')).toEqual([1, 1, 1, 1]);
      expect(await statusAt('2026-11-20T21:59:59Z')).toEqual([1, 1, 1, 1]);
      expect(await statusAt('2026-11-20T22:00:00Z')).toEqual([0, 0, 0, 1]);
      expect(await statusAt('2026-11-21T12:00:00Z')).toEqual([0, 0, 0, 1]);
      expect(await statusAt('2026-11-22T21:59:59Z')).toEqual([0, 0, 0, 1]);
      expect(await statusAt('2026-11-22T22:00:00Z')).toEqual([1, 1, 1, 1]);
    } finally {
      t.clock.set(now);
    }
  });

  it('refuses a category id that is not a number, in the request language', async () => {
    const answer = await get('/v1/api/forex/trade_list?category_id=abc');
    expect(answer).toEqual({ code: 0, msg: 'Category must be a positive whole number.', data: null });
  });
});

describe('GET /v1/api/forex/abbreviated_cache_kline', () => {
  it('answers 24 hourly closes per instrument, ending at the live price', async () => {
    const answer = await get<Sparkline[]>('/v1/api/forex/abbreviated_cache_kline?t=1');
    expect(answer.code).toBe(1);
    expect(answer.data).toHaveLength(32);
    const list = (await get<Instrument[]>('/v1/api/forex/trade_list')).data;
    for (const sparkline of answer.data) {
      expect(sparkline.Points).toHaveLength(24);
      const instrument = list.find((item) => item.Id === sparkline.Id);
      expect(sparkline.Points.at(-1)).toBe(instrument?.ForexQuotations.Close);
    }
  });
});

describe('GET /v1/api/forex/kline', () => {
  it('answers 1M by default, oldest first, ending with the minute in progress', async () => {
    const answer = await get<WireCandle[]>(`/v1/api/forex/kline?forex_id=${EURUSD}&t=1`);
    expect(answer.code).toBe(1);
    expect(answer.data).toHaveLength(300);
    const times = answer.data.map((candle) => candle.Time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBe(Math.floor(t.clock.now().getTime() / MINUTE) * 60);
    const live = (await get<Instrument[]>('/v1/api/forex/trade_list')).data[0];
    expect(answer.data.at(-1)?.Close).toBe(live?.ForexQuotations.Close);
  });

  it('takes the period as a label or in minutes', async () => {
    const byLabel = await get<WireCandle[]>(`/v1/api/forex/kline?forex_id=${EURUSD}&period=15M`);
    const byMinutes = await get<WireCandle[]>(`/v1/api/forex/kline?forex_id=${EURUSD}&period=15`);
    expect(byMinutes.data).toEqual(byLabel.data);
    for (const candle of byLabel.data) expect(candle.Time % (15 * 60)).toBe(0);
  });

  it('answers every period as the aggregate of the stored one-minute candles, at any page', async () => {
    await t.app.market.flush();
    const minutes = await repository.candlesBetween(t.database.db, BTCUSDT, 1, 0, Number.MAX_SAFE_INTEGER);
    const firstMinute = minutes[0]?.time ?? 0;
    const lastMinute = minutes.at(-1)?.time ?? 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Period>('1M', '5M', '15M', '30M', '1H', '1D'),
        fc.option(fc.integer({ min: firstMinute, max: lastMinute + MINUTE }), { nil: undefined }),
        async (period, beforeMs) => {
          const url = `/v1/api/forex/kline?forex_id=${BTCUSDT}&period=${period}`;
          const answer = await get<WireCandle[]>(
            beforeMs === undefined ? url : `${url}&before=${Math.floor(beforeMs / 1000)}`,
          );
          const limit = beforeMs === undefined ? Number.MAX_SAFE_INTEGER : periodStartMs(period, beforeMs);
          let expected = aggregateCandles(
            minutes.filter((minute) => minute.time < limit),
            period,
          ).map((candle) => toWireCandle(candle, 2));
          // Days before the stored minutes come from the stored day candles; compare the minute range.
          let actual = answer.data;
          if (period === '1D') actual = actual.filter((candle) => candle.Time * 1000 >= firstMinute);
          else expected = expected.slice(-300);
          expect(actual).toEqual(expected.slice(-actual.length));
          expect(actual.length).toBe(Math.min(expected.length, 300));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('pages back with before, without gaps or overlaps', async () => {
    const first = await get<WireCandle[]>(`/v1/api/forex/kline?forex_id=${EURUSD}&period=5M`);
    const oldest = first.data[0]?.Time ?? 0;
    const second = await get<WireCandle[]>(
      `/v1/api/forex/kline?forex_id=${EURUSD}&period=5M&before=${oldest}`,
    );
    expect(second.data.at(-1)?.Time).toBeLessThan(oldest);
    expect(second.data.length).toBeGreaterThan(0);
    const all = await repository.candlesBetween(t.database.db, EURUSD, 1, 0, oldest * 1000);
    const expected = aggregateCandles(all, '5M').slice(-300);
    expect(second.data.map((candle) => candle.Time)).toEqual(expected.map((candle) => candle.time / 1000));
  });

  it('answers day candles for the whole history', async () => {
    const answer = await get<WireCandle[]>(`/v1/api/forex/kline?forex_id=${BTCUSDT}&period=1D`);
    expect(answer.data).toHaveLength(11);
    expect(answer.data.at(-1)?.Time).toBe(Date.UTC(2026, 10, 18) / 1000);
  });

  it('refuses a bad period, a missing or malformed forex_id and an unknown instrument, in the request language', async () => {
    expect(await get(`/v1/api/forex/kline?forex_id=${EURUSD}&period=2H`)).toEqual({
      code: 0,
      msg: 'The chart period must be one of 1M, 5M, 15M, 30M, 1H or 1D.',
      data: null,
    });
    expect(await get('/v1/api/forex/kline?period=1M')).toEqual({
      code: 0,
      msg: 'Instrument is required.',
      data: null,
    });
    expect(await get('/v1/api/forex/kline?forex_id=abc')).toEqual({
      code: 0,
      msg: 'Instrument must be a positive whole number.',
      data: null,
    });
    expect(await get('/v1/api/forex/kline?forex_id=999')).toEqual({
      code: 0,
      msg: 'This instrument does not exist.',
      data: null,
    });
    expect((await get('/v1/api/forex/kline?forex_id=999', 'de')).msg).toBe(
      'Dieses Instrument gibt es nicht.',
    );
    expect((await get('/v1/api/forex/kline?forex_id=999', 'hk')).msg).toBe('此交易品種不存在。');
  });

  it('refuses a disabled instrument like an unknown one, and leaves it out of the lists', async () => {
    await t.database.db.execute(sql`update instruments set enabled = false where id = ${EURUSD}`);
    try {
      expect((await get(`/v1/api/forex/kline?forex_id=${EURUSD}`)).msg).toBe(
        'This instrument does not exist.',
      );
      const list = (await get<Instrument[]>('/v1/api/forex/trade_list')).data;
      expect(list.map((instrument) => instrument.Id)).not.toContain(EURUSD);
      const sparklines = (await get<Sparkline[]>('/v1/api/forex/abbreviated_cache_kline')).data;
      expect(sparklines.map((sparkline) => sparkline.Id)).not.toContain(EURUSD);
    } finally {
      await t.database.db.execute(sql`update instruments set enabled = true where id = ${EURUSD}`);
    }
  });
});

describe('seeding', () => {
  it('adds only missing categories and instruments, and never overwrites an edited one', async () => {
    await t.database.db.execute(sql`update instruments set spread = 0.0001 where code = 'GBPUSD'`);
    await t.database.db.execute(sql`update categories set names = names || '{"en": "FX"}' where id = 1`);
    await seedMarket(t.database.db);
    const list = (await get<Instrument[]>('/v1/api/forex/trade_list')).data;
    expect(list).toHaveLength(32);
    expect(list.find((instrument) => instrument.Code === 'GBPUSD')?.Spread).toBe('0.0001');
    expect((await get<Category[]>('/v1/api/forex/categories')).data[0]?.NameShowTrans).toBe('FX');
  });
});

describe('GET /v1/api/forex/logo/:code.svg', () => {
  it('serves the SVG logo with long cache headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/forex/logo/EURUSD.svg?v=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.startsWith('<svg')).toBe(true);
    const coin = await t.app.inject({ method: 'GET', url: '/v1/api/forex/logo/btcusdt.svg' });
    expect(coin.statusCode).toBe(200);
  });

  it('answers an unknown logo with 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/api/forex/logo/NOPE.svg',
      headers: { lang: 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 0, msg: 'Not found.', data: null });
  });
});

describe('API reference', () => {
  it('documents the market endpoints and says the prices are simulated', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['categories', 'trade_list', 'abbreviated_cache_kline', 'kline']) {
      expect(spec.paths[`/v1/api/forex/${path}`]).toBeDefined();
    }
    expect(spec.info.description).toContain('simulated');
  });
});
