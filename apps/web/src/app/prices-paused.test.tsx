import type { MarketStatusReason, PeriodLabel } from '@meridian/contract/market';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory } from '../testing/fake-web-socket';
import { instrumentFixture, quotationFixture } from '../testing/market-fixtures';
import { installMarketPages } from '../testing/market-pages';
import { openSocket } from '../testing/open-socket';
import { renderAppAt } from '../testing/render-app';

// The chart draws on a canvas, which jsdom has not (e2e/prices-paused.e2e.ts looks at it in the
// browser); here it shows what it was asked to draw.
vi.mock('../features/chart/components/kline-chart', () => ({
  KlineChart: ({
    marketOpen,
    pricesPaused,
  }: {
    forexId: number;
    period: PeriodLabel;
    marketOpen: boolean;
    pricesPaused?: string | null;
  }) => (
    <div
      data-testid="kline-chart"
      data-market-open={String(marketOpen)}
      data-prices-paused={pricesPaused ?? 'none'}
    />
  ),
}));

/**
 * Prices paused on a real feed: an instrument whose feed gives no usable price says so
 * ("Prices paused", with why) where a closed market says "Closed", and cannot be traded, on the
 * trade list's answer and then as the socket's pushes change it.
 */
const EURUSD = instrumentFixture({
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EUR/USD',
  MarketStatus: 0,
  MarketStatusReason: 'stale',
  ForexQuotations: { ...quotationFixture('1.08510', 1_000), Bid: '1.08500', Ask: '1.08520' },
});
const GBPUSD = instrumentFixture({
  Id: 2,
  Code: 'GBPUSD',
  ShowCode: 'GBP/USD',
  MarketStatus: 0,
  MarketStatusReason: 'rejected',
  ForexQuotations: quotationFixture('1.27000', 1_000),
});
const XAUUSD = instrumentFixture({
  Id: 3,
  Code: 'XAUUSD',
  ShowCode: 'XAU/USD',
  MarketStatus: 0,
  MarketStatusReason: 'closed',
  ForexQuotations: quotationFixture('2400.00', 1_000),
});
const ANSWERS = {
  '/v1/api/forex/trade_list': [EURUSD, GBPUSD, XAUUSD],
  '/v1/api/forex/categories': [{ Id: 1, NameShowTrans: 'Forex' }],
  '/v1/api/forex/abbreviated_cache_kline': [],
};

const sockets = fakeSocketFactory();

const rowTag = (code: string) =>
  document.querySelector(`.instrument-row[data-code="${code}"] [data-testid=market-status-tag]`);
const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.order-action')];
const note = () => document.querySelector('[data-testid=prices-paused-note]');
const chart = () => screen.getByTestId('kline-chart');

function pushStatus(reason: MarketStatusReason, time: number, bid = '1.08500', ask = '1.08520') {
  const socket = openSocket(sockets);
  act(() =>
    socket.serverSends({
      type: 'push',
      topic: 'market.day',
      data: [
        {
          Id: 1,
          MarketStatus: reason === null ? 1 : 0,
          MarketStatusReason: reason,
          ForexQuotations: { ...quotationFixture('1.08510', time), Bid: bid, Ask: ask },
        },
      ],
    }),
  );
}

installMarketPages(ANSWERS, sockets);

describe('prices paused on a real feed', () => {
  it('tags the list: "Prices paused" for a stale or refused feed, "Closed" for the hours', async () => {
    renderAppAt('/');
    await waitFor(() => expect(rowTag('XAUUSD')).not.toBeNull());
    expect(rowTag('EURUSD')?.textContent).toBe('Prices paused');
    expect(rowTag('EURUSD')?.classList.contains('is-paused')).toBe(true);
    expect(rowTag('GBPUSD')?.textContent).toBe('Prices paused');
    expect(rowTag('XAUUSD')?.textContent).toBe('Closed');
    expect(rowTag('XAUUSD')?.classList.contains('is-paused')).toBe(false);
  });

  it('disables buying and selling on the trade page, says why, and trades again when prices are back', async () => {
    renderAppAt('/trade?code=EURUSD&period=1M');
    await waitFor(() => expect(note()).not.toBeNull());
    expect(note()?.textContent).toBe(
      'Prices paused: waiting for prices from the provider. Orders can be placed when they are back.',
    );
    expect(note()?.classList.contains('is-floating')).toBe(true);
    expect(buttons().map((button) => button.disabled)).toEqual([true, true]);
    expect(buttons()[0]?.getAttribute('aria-describedby')).toBe(note()?.id);
    expect(document.querySelector('.instrument-header [data-testid=market-status-tag]')?.textContent).toBe(
      'Prices paused',
    );
    await waitFor(() => expect(chart().dataset.pricesPaused).toBe('stale'));
    expect(screen.queryByText('Market closed. Orders can be placed when it opens.')).toBeNull();

    pushStatus(null, 2_000, '1.08600', '1.08620');
    await waitFor(() => expect(buttons().map((button) => button.disabled)).toEqual([false, false]));
    expect(note()).toBeNull();
    expect(buttons().map((button) => button.querySelector('.order-action-price')?.textContent)).toEqual([
      '1.08600',
      '1.08620',
    ]);
    expect(chart().dataset).toMatchObject({ marketOpen: 'true', pricesPaused: 'none' });
    expect(document.querySelector('.instrument-header [data-testid=market-status-tag]')).toBeNull();

    // The provider stops quoting the symbol: the same pause, with its own reason.
    pushStatus('rejected', 2_000);
    await waitFor(() =>
      expect(note()?.textContent).toBe(
        'Prices paused: this instrument is not quoted by the price provider. Orders cannot be placed for now.',
      ),
    );
    expect(buttons().map((button) => button.disabled)).toEqual([true, true]);
    expect(chart().dataset.pricesPaused).toBe('unquoted');
  });

  it('keeps a closed market closed: its note in the bar, its notice on the chart', async () => {
    renderAppAt('/trade?code=XAUUSD&period=1M');
    await screen.findByText('Market closed. Orders can be placed when it opens.');
    expect(note()).toBeNull();
    expect(buttons().map((button) => button.disabled)).toEqual([true, true]);
    await waitFor(() => expect(chart().dataset).toMatchObject({ marketOpen: 'false', pricesPaused: 'none' }));
  });
});
