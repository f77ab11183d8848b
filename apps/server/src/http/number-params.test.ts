import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BTCUSDT,
  createTradingApp,
  demoTrader,
  moveTo,
  quoteOf,
  realTrader,
  submit,
  type TradingApp,
} from '../../test/trading';
import { translate } from './i18n';
import { formatDecimalText, withNumbersFor } from './number-params';

// A refusal writes its numbers as the app does for the reader's language
// ("above 78,084.42", not 78084.42), with the digits the rule gave (the instrument's precision).

const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

describe('numbers in refusals, per language', () => {
  it('writes a decimal with the separators the app uses, keeping its digits exactly', () => {
    expect(formatDecimalText('en', '78084.42')).toBe('78,084.42');
    expect(formatDecimalText('hk', '78084.42')).toBe('78,084.42');
    expect(formatDecimalText('de', '78084.42')).toBe('78.084,42');
    expect(formatDecimalText('fr', '78084.42')).toBe(`78${NARROW_NBSP}084,42`);
    expect(formatDecimalText('ru', '78084.42')).toBe(`78${NBSP}084,42`);
    // Spanish and Italian leave four-digit numbers whole (CLDR, as the app's table).
    expect(formatDecimalText('spa', '1234.50')).toBe('1234,50');
    expect(formatDecimalText('spa', '12345.50')).toBe('12.345,50');
    // Arabic with Latin digits and no direction marks, as on the app's screens.
    expect(formatDecimalText('ar', '78084.42')).toBe('78,084.42');
    // The rule's digits, never a float's: trailing zeros and long decimals stay.
    expect(formatDecimalText('en', '0.10')).toBe('0.10');
    expect(formatDecimalText('de', '1.12345678')).toBe('1,12345678');
    expect(formatDecimalText('en', '123456789012345.12345678')).toBe('123,456,789,012,345.12345678');
    expect(formatDecimalText('de', '-1234.5')).toBe('-1.234,5');
    // Anything that is not a plain decimal stays as it was.
    expect(formatDecimalText('de', '10, 20, 50')).toBe('10, 20, 50');
    expect(formatDecimalText('de', 'TRC20')).toBe('TRC20');
  });

  it('formats only the parameters that are numbers, never an id, a code or a reference', () => {
    expect(
      withNumbersFor('de', { price: '78084.42', id: '12345', code: '123456', field: 'x', max: 20000 }),
    ).toEqual({ price: '78.084,42', id: '12345', code: '123456', field: 'x', max: '20.000' });
  });
});

describe('trading refusals through HTTP', () => {
  let t: TradingApp;
  beforeAll(async () => {
    t = await createTradingApp();
    await moveTo(t, BTCUSDT, '78036.64');
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the take-profit bound in the language of the `lang` header', async () => {
    const trader = await demoTrader(t);
    const ask = quoteOf(t, BTCUSDT).ask;
    // Below the price, within the band a stop may be set in.
    const takeProfit = (Number(ask) - 50).toFixed(2);
    const order = {
      type: 1,
      status: 1,
      cont: '0.01',
      forex_id: BTCUSDT,
      multiple: 10,
      target_profit_price: takeProfit,
    };
    const expected: Record<string, string> = {};
    for (const lang of ['en', 'de', 'fr', 'ar', 'spa']) {
      const answer = await submit(t, trader, order, { lang });
      expect(answer.code).toBe(0);
      expected[lang] = answer.msg;
    }
    // The bound is the higher of the open price and the price a buy closes at: the ask here.
    const bound = ask;
    expect(bound).toMatch(/^\d{5}\.\d{2}$/);
    const [whole = '', cents = ''] = bound.split('.');
    const grouped = `${whole.slice(0, -3)},${whole.slice(-3)}.${cents}`;
    expect(expected.en).toBe(translate('en', 'validation.take_profit_buy_above', { price: grouped }));
    expect(expected.en).toContain(grouped);
    expect(expected.en).not.toContain(bound);
    expect(expected.de).toContain(`${whole.slice(0, -3)}.${whole.slice(-3)},${cents}`);
    expect(expected.fr).toContain(`${whole.slice(0, -3)}${NARROW_NBSP}${whole.slice(-3)},${cents}`);
    expect(expected.ar).toContain(grouped);
    expect(expected.spa).toContain(`${whole.slice(0, -3)}.${whole.slice(-3)},${cents}`);
  });

  it('writes the money an order needs at 2 places, grouped', async () => {
    const trader = await realTrader(t, '10');
    const answer = await submit(
      t,
      trader,
      { type: 1, status: 1, cont: '10', forex_id: BTCUSDT, multiple: 10 },
      { lang: 'de' },
    );
    expect(answer.code).toBe(0);
    const required = /benötigt (\S+) USDT/.exec(answer.msg)?.[1] ?? '';
    expect(required).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}$/);
  });

  it('writes the minimum lots as the app writes them', async () => {
    const trader = await demoTrader(t);
    const answer = await submit(
      t,
      trader,
      { type: 1, status: 1, cont: '0.001', forex_id: BTCUSDT, multiple: 10 },
      { lang: 'de' },
    );
    expect(answer.code).toBe(0);
    expect(answer.msg).toMatch(/mindestens 0,\d+/);
  });
});
