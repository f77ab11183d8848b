import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChartPeriodStore } from '../features/chart/stores/chart-period-store';
import { useCurrentInstrumentStore } from '../features/market/stores/current-instrument-store';
import { applyLanguage } from '../lib/i18n';
import { realtime } from '../lib/realtime/realtime';
import { answerByUrl } from '../testing/fake-api';
import { fakeSocketFactory } from '../testing/fake-web-socket';
import { eurUsdFixture, instrumentFixture, quotationFixture } from '../testing/market-fixtures';
import { installMarketPages } from '../testing/market-pages';
import { openSocket } from '../testing/open-socket';
import { currentPath, renderAppAt } from '../testing/render-app';

// The chart draws on a canvas, which jsdom has not: it is checked in the browser (e2e/market.e2e.ts).
// Here it only shows what it was asked to draw.
vi.mock('../features/chart/components/kline-chart', () => import('../testing/kline-chart-stub'));

const TRADE_LIST = '/v1/api/forex/trade_list';
const EURUSD = eurUsdFixture({ MarketStatus: 0 });
const BTCUSDT = instrumentFixture({
  Id: 13,
  Code: 'BTCUSDT',
  ShowCode: 'BTC/USDT',
  CategoryId: 2,
  PricePrecision: 2,
  ForexQuotations: quotationFixture('67234.50', 1_000, '1.25'),
});
const ETHUSDT = instrumentFixture({
  Id: 14,
  Code: 'ETHUSDT',
  ShowCode: 'ETH/USDT',
  CategoryId: 2,
  PricePrecision: 2,
});
/** The server's name search, as far as these tests type: "ether" and "以太坊" are Ethereum. */
const NAMES: Record<string, number> = { ether: 14, ethereum: 14, 以太坊: 14, bitcoin: 13 };
const ANSWERS = {
  [TRADE_LIST]: answerByUrl((url) => {
    const search = url.searchParams.get('searchCurrency');
    const all = [EURUSD, BTCUSDT, ETHUSDT];
    if (search === null) return all;
    const id = NAMES[search.toLowerCase()];
    return all.filter((instrument) => instrument.Id === id || instrument.Code.includes(search.toUpperCase()));
  }),
  '/v1/api/forex/categories': [
    { Id: 1, NameShowTrans: 'Forex' },
    { Id: 2, NameShowTrans: 'Crypto' },
  ],
  '/v1/api/forex/abbreviated_cache_kline': [{ Id: 13, Points: ['67000', '67500', '67234.50'] }],
};

const sockets = fakeSocketFactory();

function row(code: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`.instrument-row[data-code="${code}"]`);
  if (!found) throw new Error(`no row for ${code}`);
  return found;
}

function sentTopics(type: 'sub' | 'unsub'): string[] {
  return sockets.sockets
    .flatMap((socket) => socket.messages())
    .filter((message): message is { type: string; params: { topic: string } } => {
      return typeof message === 'object' && message !== null && (message as { type?: string }).type === type;
    })
    .map((message) => message.params.topic);
}

// After the shared clean-up (hooks after a test run last-registered first).
afterEach(() => {
  useChartPeriodStore.setState({ period: '1M' });
});

const market = installMarketPages(ANSWERS, sockets);

describe('home market list', () => {
  it('shows 10 skeleton rows while the list loads', async () => {
    market.withPending([TRADE_LIST]);
    renderAppAt('/');
    const skeleton = await screen.findByTestId('instrument-skeleton');
    expect(skeleton.querySelectorAll('.instrument-skeleton-row')).toHaveLength(10);
  });

  it('shows each instrument with its price at its precision, day change, sparkline and closed tag', async () => {
    renderAppAt('/');
    await waitFor(() => row('BTCUSDT'));
    expect(row('BTCUSDT').querySelector('[data-testid=price]')?.textContent).toBe('67,234.50');
    expect(row('BTCUSDT').querySelector('[data-testid=change]')?.textContent).toBe('+1.25%');
    expect(row('BTCUSDT').querySelector('.sparkline path')).not.toBeNull();
    expect(row('BTCUSDT').querySelector('img')?.getAttribute('src')).toBe('/v1/api/forex/logo/BTCUSDT.svg');
    expect(row('EURUSD').textContent).toContain('Closed');
    expect(row('BTCUSDT').textContent).not.toContain('Closed');
  });

  it('writes the prices again in another language, even on a row with no tick (a closed market)', async () => {
    renderAppAt('/');
    await waitFor(() => row('BTCUSDT'));
    try {
      await act(() => applyLanguage('de'));
      await waitFor(() =>
        expect(row('BTCUSDT').querySelector('[data-testid=price]')?.textContent).toBe('67.234,50'),
      );
      expect(row('BTCUSDT').querySelector('[data-testid=change]')?.textContent).toBe('+1,25\u00a0%');
      expect(row('EURUSD').querySelector('[data-testid=price]')?.textContent).toBe('1,08500');
    } finally {
      await act(() => applyLanguage('en'));
    }
  });

  it('filters by category chip', async () => {
    renderAppAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Crypto' }));
    await waitFor(() => expect(document.querySelectorAll('.instrument-row')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(document.querySelectorAll('.instrument-row')).toHaveLength(3));
  });

  it('moves a price with market.day pushes and flashes green up, red down', async () => {
    renderAppAt('/');
    await waitFor(() => row('BTCUSDT'));
    const socket = openSocket(sockets);
    await waitFor(() => expect(sentTopics('sub')).toContain('market.day'));
    const push = (close: string, time: number, change: string) =>
      act(() =>
        socket.serverSends({
          type: 'push',
          topic: 'market.day',
          data: [{ Id: 13, MarketStatus: 1, ForexQuotations: quotationFixture(close, time, change) }],
        }),
      );

    // Pushes reach the rows once per animation frame.
    push('67240.10', 2_000, '1.26');
    const price = () => row('BTCUSDT').querySelector('[data-testid=price]');
    expect(price()?.textContent).toBe('67,234.50');
    await waitFor(() => expect(price()?.textContent).toBe('67,240.10'));
    expect(price()?.classList.contains('flash-up')).toBe(true);
    expect(price()?.classList.contains('flash-odd')).toBe(true);

    push('67100.00', 3_000, '-0.20');
    await waitFor(() => expect(price()?.textContent).toBe('67,100.00'));
    expect(price()?.classList.contains('flash-down')).toBe(true);
    // The next tick switches the fade's name, which starts it again.
    expect(price()?.classList.contains('flash-odd')).toBe(false);
    expect(row('BTCUSDT').querySelector('[data-testid=change]')?.textContent).toBe('-0.20%');

    // A push that breaks the contract changes nothing.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => socket.serverSends({ type: 'push', topic: 'market.day', data: [{ Id: 13, nonsense: true }] }));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(price()?.textContent).toBe('67,100.00');
    spy.mockRestore();
  });

  it('opens the trade page of a tapped instrument and makes it the current one', async () => {
    const router = renderAppAt('/');
    await waitFor(() => row('BTCUSDT'));
    fireEvent.click(row('BTCUSDT'));
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=BTCUSDT&period=1M'));
    expect(useCurrentInstrumentStore.getState().code).toBe('BTCUSDT');
    const chart = await screen.findByTestId('kline-chart');
    expect(chart.dataset.forexId).toBe('13');
    expect(chart.dataset.period).toBe('1M');
  });
});

describe('trade page', () => {
  it('opens the last instrument when the URL names none, and writes it into the URL', async () => {
    useCurrentInstrumentStore.setState({ code: 'ETHUSDT' });
    useChartPeriodStore.setState({ period: '15M' });
    const router = renderAppAt('/trade');
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=ETHUSDT&period=15M'));
    expect((await screen.findByTestId('kline-chart')).dataset.forexId).toBe('14');
  });

  it('falls back to the first instrument for an unknown code', async () => {
    const router = renderAppAt('/trade?code=NOPE');
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=EURUSD&period=1M'));
  });

  it('switches the period from the bar and remembers it', async () => {
    const router = renderAppAt('/trade?code=btcusdt&period=1h');
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=BTCUSDT&period=1H'));
    fireEvent.click(await screen.findByRole('button', { name: '5M' }));
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=BTCUSDT&period=5M'));
    expect(screen.getByTestId('kline-chart').dataset.period).toBe('5M');
    expect(useChartPeriodStore.getState().period).toBe('5M');
  });

  it('switches the instrument from the selector drawer, searching by name', async () => {
    const router = renderAppAt('/trade?code=BTCUSDT&period=1M');
    fireEvent.click(await screen.findByRole('button', { name: /^BTC\/USDT.*Choose an instrument$/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Choose an instrument' });
    fireEvent.change(drawer.querySelector('input') as HTMLInputElement, { target: { value: 'eth usd' } });
    await waitFor(() => expect(drawer.querySelectorAll('.instrument-row')).toHaveLength(1));
    fireEvent.click(drawer.querySelector('.instrument-row[data-code="ETHUSDT"]') as HTMLElement);
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=ETHUSDT&period=1M'));
    expect(useCurrentInstrumentStore.getState().code).toBe('ETHUSDT');
  });

  it('finds an instrument in the selector drawer by its name in any language, asking the server', async () => {
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    fireEvent.click(await screen.findByRole('button', { name: /^BTC\/USDT.*Choose an instrument$/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Choose an instrument' });
    const input = drawer.querySelector('input') as HTMLInputElement;
    expect(input.maxLength).toBe(32);
    fireEvent.change(input, { target: { value: '以太坊' } });
    await waitFor(() => expect(drawer.querySelectorAll('.instrument-row')).toHaveLength(1));
    expect(drawer.querySelector('.instrument-row[data-code="ETHUSDT"]')).not.toBeNull();
    const asked = market.api.callsTo(TRADE_LIST).map((url) => url.searchParams.get('searchCurrency'));
    expect(asked).toContain('以太坊');
    fireEvent.change(input, { target: { value: 'Ether' } });
    await waitFor(() => expect(drawer.querySelector('.instrument-row[data-code="ETHUSDT"]')).not.toBeNull());
    fireEvent.change(input, { target: { value: 'nothing like it' } });
    expect(await within(drawer).findByText('No instrument matches your search.')).toBeTruthy();
    // Only punctuation: nothing matches and the server is not asked.
    const before = market.api.callsTo(TRADE_LIST).length;
    fireEvent.change(input, { target: { value: '//' } });
    expect(await within(drawer).findByText('No instrument matches your search.')).toBeTruthy();
    expect(market.api.callsTo(TRADE_LIST).length).toBe(before);
  });

  it('says when the market is closed', async () => {
    renderAppAt('/trade?code=EURUSD');
    await screen.findByTestId('kline-chart');
    expect(document.querySelector('.instrument-header')?.textContent).toContain('Closed');
  });
});

describe('navigation', () => {
  it('initialises the socket on every navigation: a lost one is reopened at once', async () => {
    const router = renderAppAt('/');
    const socket = openSocket(sockets);
    act(() => socket.serverCloses());
    expect(realtime.getStatus()).toBe('waiting');
    const before = sockets.sockets.length;
    await act(() => router.navigate('/news'));
    expect(sockets.sockets.length).toBe(before + 1);
    expect(realtime.getStatus()).toBe('connecting');
  });

  it('refreshes the trade list on every visit to / and /trade, not elsewhere nor on an instrument switch', async () => {
    const router = renderAppAt('/');
    await waitFor(() => row('BTCUSDT'));
    const count = () => market.api.callsTo(TRADE_LIST).length;
    const first = count();
    await act(() => router.navigate('/news'));
    expect(count()).toBe(first);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(count()).toBe(first + 1));
    await act(() => router.navigate('/trade?code=BTCUSDT&period=1M'));
    await waitFor(() => expect(count()).toBe(first + 2));
    await act(() => router.navigate('/trade?code=ETHUSDT&period=1M'));
    await screen.findByTestId('kline-chart');
    expect(count()).toBe(first + 2);
  });

  it('leaves market.day when no page showing prices is on screen', async () => {
    const router = renderAppAt('/');
    await waitFor(() => row('BTCUSDT'));
    openSocket(sockets);
    await waitFor(() => expect(sentTopics('sub')).toContain('market.day'));
    const unsubscribed = sentTopics('unsub').length;
    await act(() => router.navigate('/news'));
    await waitFor(() => expect(sentTopics('unsub').length).toBe(unsubscribed + 1));
    expect(sentTopics('unsub').at(-1)).toBe('market.day');
  });
});
