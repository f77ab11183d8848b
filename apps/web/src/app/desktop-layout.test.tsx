import { LIMITS } from '@meridian/contract/limits';
import type { Order, OrderList } from '@meridian/contract/trading';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { useLiveQuotesStore } from '../features/market/stores/live-quotes-store';
import { logInDemoUser } from '../testing/demo-session';
import { btcUsdtTradingFixture, eurUsdFixture } from '../testing/market-fixtures';
import { orderFixture, orderListFixture } from '../testing/order-fixtures';
import { currentPath, renderAppAt } from '../testing/render-app';
import { basicInfoFixture } from '../testing/settings-fixtures';
import { startTestApp } from '../testing/start-test-app';
import { stubFetch } from '../testing/stub-fetch';
import { stubViewportWidth } from '../testing/viewport';

// The chart draws on a canvas, which jsdom has not (e2e/desktop-terminal.e2e.ts checks it in the browser).
vi.mock('../features/chart/components/kline-chart', () => import('../testing/kline-chart-stub'));

const EURUSD = eurUsdFixture();
const BTCUSDT = btcUsdtTradingFixture();
const HOLDING = orderFixture({ Id: 7, FactProfits: '1.500000' });

function orderList(orders: Order[]): OrderList {
  return orderListFixture(orders, { all_fact_profits: '0', balance: '99000' });
}

function answerOf(url: URL): unknown {
  if (url.pathname === '/v1/api/forex/my_deal')
    return orderList(url.searchParams.get('status') === '1' ? [HOLDING] : []);
  // The server's search by name, as far as these tests type: "bitcoin" is BTC/USDT.
  const search = url.searchParams.get('searchCurrency')?.toLowerCase();
  if (url.pathname === '/v1/api/forex/trade_list' && search !== undefined)
    return [EURUSD, BTCUSDT].filter(
      (instrument) =>
        instrument.Code.toLowerCase().includes(search) || (search === 'bitcoin' && instrument.Id === 13),
    );
  const fixed: Record<string, unknown> = {
    '/v1/api/forex/trade_list': [EURUSD, BTCUSDT],
    '/v1/api/forex/categories': [{ Id: 1, NameShowTrans: 'Forex' }],
    '/api/basicSet/getBasicInfo': basicInfoFixture(),
    '/v1/api/main/wallet/getBalance': { balance: '99000' },
  };
  return fixed[url.pathname];
}

let restoreFetch: () => void;

beforeAll(() => startTestApp({ antdRender: true }));

beforeEach(() => {
  restoreFetch = stubFetch((url) => {
    const data = answerOf(url);
    return data === undefined ? undefined : { code: 1, msg: 'success', data };
  });
});

afterEach(() => {
  cleanup();
  restoreFetch();
  vi.unstubAllGlobals();
  localStorage.clear();
  useUserStore.setState({ token: null, user: null });
  useLiveQuotesStore.setState({ quotes: {} });
});

const terminal = () => document.querySelector<HTMLElement>('[data-testid=trade-terminal]');

describe('desktop layout', () => {
  it('puts quotes, chart, an always-open ticket and the positions on the trade page, under a top navigation', async () => {
    stubViewportWidth(1440);
    logInDemoUser(1);
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    await waitFor(() => expect(terminal()).not.toBeNull());
    const panels = terminal() as HTMLElement;
    // The quotes list with the instrument on screen marked.
    await waitFor(() => expect(panels.querySelectorAll('.terminal-quotes .instrument-row')).toHaveLength(2));
    expect(
      panels
        .querySelector('.terminal-quotes .instrument-row[data-code=BTCUSDT]')
        ?.getAttribute('aria-current'),
    ).toBe('true');
    // The chart is a lazy chunk drawn after the price: waited for, not assumed loaded by an earlier test.
    await waitFor(() => expect(within(panels).getByTestId('kline-chart').dataset.forexId).toBe('13'));
    // The order form is on screen without pressing buy or sell; the phone's order bar is not.
    await waitFor(() => expect(panels.querySelector('.terminal-ticket .order-form')).not.toBeNull());
    expect(document.querySelector('[data-testid=order-action-bar]')).toBeNull();
    await waitFor(() =>
      expect(panels.querySelector('.terminal-orders .order-row[data-order-id="7"]')).not.toBeNull(),
    );
    // The sections are in the top navigation; the phone's tab bar is gone.
    const nav = screen.getByRole('navigation', { name: 'Main sections' });
    expect(nav.closest('.desktop-nav')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Trade' }).getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('.app-tab-bar')).toBeNull();
  });

  it('lists the positions as lines of a table under column heads, each line opening the order', async () => {
    stubViewportWidth(1440);
    logInDemoUser(1);
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '.terminal-orders .order-table-row[data-order-id="7"]',
      );
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const head = document.querySelector('.terminal-orders .order-table-head') as HTMLElement;
    const columnsOf = (element: HTMLElement) =>
      [...element.querySelectorAll<HTMLElement>('.order-table-cell')].map((cell) => cell.dataset.column);
    expect([...head.querySelectorAll('.order-table-cell')].map((cell) => cell.textContent)).toEqual([
      'Instrument',
      'Direction',
      'Lots',
      'Open price',
      'Current price',
      'SL / TP',
      'P/L (USDT)',
      'Actions',
    ]);
    expect(columnsOf(row)).toEqual(columnsOf(head));
    const cell = (column: string) =>
      (row.querySelector(`.order-table-cell[data-column=${column}]`) as HTMLElement).textContent;
    // Each cell names itself to a screen reader (the heads are for the eye).
    expect(cell('instrument')).toBe('Instrument BTC/USDT');
    expect(cell('side')).toBe('Direction Buy');
    expect(cell('lots')).toBe('Lots 0.01 · 10x');
    expect(cell('open')).toBe('Open price 100,000.00');
    expect(cell('current')).toBe('Current price 100,100.00');
    expect(cell('stops')).toBe('SL / TP -- / --');
    expect(cell('profit')).toBe('P/L (USDT) +1.500000');
    expect(within(row).getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /BTC\/USDT/ }));
    await screen.findByText('Order details');
  });

  it('keeps the phone layout below 1024 px: the tab bar and the order bar, no terminal', async () => {
    stubViewportWidth(1023);
    logInDemoUser(1);
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    await screen.findByTestId('order-action-bar');
    expect(terminal()).toBeNull();
    expect(document.querySelector('.desktop-nav')).toBeNull();
    expect(document.querySelector('.app-tab-bar')).not.toBeNull();
  });

  it('keeps the order cards on a phone-wide order page', async () => {
    stubViewportWidth(1023);
    logInDemoUser(1);
    renderAppAt('/order');
    await waitFor(() => expect(document.querySelector('.order-row[data-order-id="7"]')).not.toBeNull());
    expect(document.querySelector('.order-table-row, .order-table-head')).toBeNull();
    expect(document.querySelector('.order-row[data-order-id="7"] .order-row-figures')).not.toBeNull();
  });

  it('switches layout when the window crosses 1024 px', async () => {
    const viewport = stubViewportWidth(1200);
    logInDemoUser(1);
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    await waitFor(() => expect(terminal()).not.toBeNull());
    act(() => viewport.resize(800));
    await screen.findByTestId('order-action-bar');
    expect(terminal()).toBeNull();
    expect(document.querySelector('.app-tab-bar')).not.toBeNull();
  });

  it('searches the quotes panel and opens the chosen instrument beside it', async () => {
    stubViewportWidth(1440);
    const router = renderAppAt('/trade?code=BTCUSDT&period=1M');
    await waitFor(() =>
      expect(document.querySelectorAll('.terminal-quotes .instrument-row')).toHaveLength(2),
    );
    const search = document.querySelector('.terminal-quotes-search input') as HTMLInputElement;
    // Bounded as the server's searchCurrency is.
    expect(search.maxLength).toBe(LIMITS.searchTextLengthMax);
    fireEvent.change(search, { target: { value: 'eur' } });
    await waitFor(() =>
      expect(document.querySelectorAll('.terminal-quotes .instrument-row')).toHaveLength(1),
    );
    fireEvent.change(search, { target: { value: 'bitcoin' } });
    await waitFor(() =>
      expect(document.querySelector('.terminal-quotes .instrument-row[data-code=BTCUSDT]')).not.toBeNull(),
    );
    expect(document.querySelectorAll('.terminal-quotes .instrument-row')).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'eur' } });
    await waitFor(() =>
      expect(document.querySelector('.terminal-quotes .instrument-row[data-code=EURUSD]')).not.toBeNull(),
    );
    fireEvent.click(
      document.querySelector('.terminal-quotes .instrument-row[data-code=EURUSD]') as HTMLElement,
    );
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=EURUSD&period=1M'));
    await waitFor(() => expect(screen.getByTestId('kline-chart').dataset.forexId).toBe('1'));
    // A visitor sees where to log in instead of the ticket and the positions.
    expect(screen.getByTestId('terminal-sign-in')).toBeTruthy();
    expect(document.querySelector('.terminal-ticket .order-form')).toBeNull();
  });

  it('cancels a confirmation with Esc', async () => {
    stubViewportWidth(1440);
    renderAppAt('/');
    await screen.findByRole('navigation', { name: 'Main sections' });
    const { Dialog } = await import('antd-mobile');
    let answer: boolean | undefined;
    void Dialog.confirm({ content: 'Close the position?' }).then((value) => {
      answer = value;
    });
    await screen.findByText('Close the position?');
    // As in a browser, Esc comes once the dialog is drawn whole, its mask included.
    await waitFor(() => expect(document.querySelector('.adm-dialog .adm-mask-aria-button')).not.toBeNull());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(answer).toBe(false));
  });

  it('closes an open sheet with Esc', async () => {
    stubViewportWidth(1440);
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    await waitFor(() => expect(terminal()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Choose an instrument/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an instrument' });
    const popup = dialog.closest('.adm-popup') as HTMLElement;
    // The sheet's mask (what a click outside closes it with) is drawn a moment after the sheet.
    await waitFor(() => expect(popup.querySelector('.adm-mask-aria-button')).not.toBeNull());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(popup.isConnected && popup.style.display !== 'none').toBe(false));
  });
});
