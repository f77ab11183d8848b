import type { Instrument, Quotation } from '@meridian/contract/market';

/** Test data in the contract's shapes (tests only; the product shows the server's data). */
export function quotationFixture(close: string, time = 0, change = '0.00'): Quotation {
  return {
    Open: close,
    Close: close,
    Change: change,
    High: close,
    Low: close,
    Volume: '0',
    Bid: close,
    Ask: close,
    Time: time,
  };
}

export function instrumentFixture(
  overrides: Partial<Instrument> & Pick<Instrument, 'Id' | 'Code'>,
): Instrument {
  return {
    ShowCode: overrides.Code,
    Logo: `/v1/api/forex/logo/${overrides.Code}.svg`,
    CategoryId: 1,
    MarketStatus: 1,
    PricePrecision: 5,
    Pip: '0.01',
    ForexMinCont: '0.01',
    ForexMaxCont: '50',
    ForexContNum: '100000',
    ForexFeeRate: '5',
    MarginMode: 2,
    HasForexMultiple: [{ Value: 100 }],
    QuoteCurrency: 'USD',
    Spread: '0.00001',
    ForexQuotations: quotationFixture('1.00000'),
    ...overrides,
  };
}

/** EUR/USD at 1.08500, quoted at time 1000; a test sets its own market status. */
export function eurUsdFixture(overrides: Partial<Instrument> = {}): Instrument {
  return instrumentFixture({
    Id: 1,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    ForexQuotations: quotationFixture('1.08500', 1_000),
    ...overrides,
  });
}

/** BTC/USDT as the trading pages use it: one coin a lot, 10x, bid and ask 20 apart around 100000. */
export function btcUsdtTradingFixture(): Instrument {
  return instrumentFixture({
    Id: 13,
    Code: 'BTCUSDT',
    ShowCode: 'BTC/USDT',
    PricePrecision: 2,
    ForexContNum: '1',
    HasForexMultiple: [{ Value: 10 }],
    ForexQuotations: { ...quotationFixture('100000.00', 1_000), Bid: '99990.00', Ask: '100010.00' },
  });
}
