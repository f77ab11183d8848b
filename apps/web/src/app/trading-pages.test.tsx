import type { Order, OrderList } from '@meridian/contract/trading';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { useLiveQuotesStore } from '../features/market/stores/live-quotes-store';
import { useOrderMarksStore } from '../features/trading/stores/order-marks-store';
import { logInDemoUser } from '../testing/demo-session';
import { fakeSocketFactory } from '../testing/fake-web-socket';
import { btcUsdtTradingFixture, eurUsdFixture } from '../testing/market-fixtures';
import { openSocket } from '../testing/open-socket';
import { findBuyButton } from '../testing/order-bar';
import { orderFixture, orderListFixture } from '../testing/order-fixtures';
import { plain } from '../testing/plain-text';
import { renderAppAt } from '../testing/render-app';
import { basicInfoFixture } from '../testing/settings-fixtures';
import { startTestApp } from '../testing/start-test-app';
import { stubFetch } from '../testing/stub-fetch';

// The chart draws on a canvas, which jsdom has not (e2e/market.e2e.ts checks it in the browser).
vi.mock('../features/chart/components/kline-chart', () => import('../testing/kline-chart-stub'));

const MY_DEAL = '/v1/api/forex/my_deal';
const EURUSD = eurUsdFixture({ MarketStatus: 0 });
const BTCUSDT = btcUsdtTradingFixture();
const HOLDING = orderFixture({ Id: 7, FactProfits: '1.500000' });
const PENDING = orderFixture({
  Id: 8,
  State: 'pending',
  Status: 0,
  EntryType: 0,
  Price: '90000.00',
  TargetPrice: '90000.00',
  FactProfits: '0.000000',
});

function orderList(orders: Order[], status: number): OrderList {
  return orderListFixture(orders, {
    all_fact_profits: status === 1 ? '1.500000' : '0.000000',
    balance: '99000',
  });
}

type Answers = { holding: Order[]; pending: Order[]; history: Order[] };
let answers: Answers;
let calls: URL[];
let restoreFetch: () => void;

/** The server's answers by path, and for my_deal by tab; a path not listed fails like a network. */
function answerOf(url: URL): unknown {
  if (url.pathname === MY_DEAL) {
    const status = Number(url.searchParams.get('status'));
    const orders = status === 1 ? answers.holding : status === 0 ? answers.pending : answers.history;
    return orderList(orders, status);
  }
  const fixed: Record<string, unknown> = {
    '/v1/api/forex/trade_list': [EURUSD, BTCUSDT],
    '/v1/api/forex/categories': [{ Id: 1, NameShowTrans: 'Forex' }],
    '/api/basicSet/getBasicInfo': basicInfoFixture({ price_source: 'simulated' }),
    '/v1/api/main/wallet/getBalance': { balance: '99000' },
    '/v1/api/main/account/forexDetail': {
      balance: '99000',
      lock_balance: '0',
      margin: '100',
      pending_margin: '0',
      floating_profit: '1.500000',
      net_value: '99101.5',
      risk_rate: '99101.50',
      stop_out_level: '50',
      currency: 'USDT',
      is_demo: 1,
    },
  };
  return fixed[url.pathname];
}

const sockets = fakeSocketFactory();

const row = (id: number) => document.querySelector<HTMLElement>(`.order-row[data-order-id="${id}"]`);

beforeAll(() => startTestApp({ antdRender: true, sockets }));

beforeEach(() => {
  answers = { holding: [HOLDING], pending: [PENDING], history: [] };
  calls = [];
  restoreFetch = stubFetch((url) => {
    calls.push(url);
    const data = answerOf(url);
    return data === undefined ? undefined : { code: 1, msg: 'success', data };
  });
});

afterEach(() => {
  cleanup();
  restoreFetch();
  localStorage.clear();
  useUserStore.setState({ token: null, user: null });
  useLiveQuotesStore.setState({ quotes: {} });
  useOrderMarksStore.getState().clear();
});

describe('order page', () => {
  it('shows the account figures, the tabs with their counts and a live position', async () => {
    logInDemoUser(1);
    renderAppAt('/order');
    await waitFor(() => expect(row(7)).not.toBeNull());
    expect(plain(row(7)?.querySelector('[data-testid=order-profit]')?.textContent)).toBe('+1.500000');
    expect(document.querySelector('.order-tab-title[data-tab=holding]')?.textContent).toBe('Positions1');
    expect(document.querySelector('.order-tab-title[data-tab=pending]')?.textContent).toBe('Pending1');
    // The account's figures are a call of their own: they may come a moment after the lists.
    await waitFor(() =>
      expect(document.querySelector('.account-stat[data-field=balance] dd')?.textContent).toBe('99,000.00'),
    );
  });

  it('moves the profit with forex.trade pushes and reads the lists again for an order it does not know', async () => {
    logInDemoUser(1);
    renderAppAt('/order');
    await waitFor(() => expect(row(7)).not.toBeNull());
    const socket = openSocket(sockets);
    const push = (orders: { Id: number; FactProfits: string }[], time: number) =>
      act(() =>
        socket.serverSends({
          type: 'push',
          topic: 'forex.trade',
          data: {
            orders: orders.map((order) => ({ ...order, ForexId: 13, UpdatePrice: '100200.00' })),
            all_fact_profits: orders[0]?.FactProfits ?? '0',
            balance: '99000',
            margin: '100',
            net_value: '99102',
            risk_rate: '99102.00',
            time,
          },
        }),
      );
    push([{ Id: 7, FactProfits: '-2.250000' }], 1);
    expect(plain(row(7)?.querySelector('[data-testid=order-profit]')?.textContent)).toBe('-2.250000');
    expect(row(7)?.querySelector('[data-field=current] .order-figure-value')?.textContent).toBe('100,200.00');

    const dealCalls = () => calls.filter((url) => url.pathname === MY_DEAL).length;
    const before = dealCalls();
    // Order 8 filled: the push names it, the list does not hold it yet.
    answers = { holding: [HOLDING, { ...PENDING, State: 'holding', Status: 1 }], pending: [], history: [] };
    push(
      [
        { Id: 7, FactProfits: '-2.000000' },
        { Id: 8, FactProfits: '0.100000' },
      ],
      2,
    );
    await waitFor(() => expect(dealCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(row(8)?.dataset.state).toBe('holding'));
  });

  it('removes a closed order, closes its detail panel and says why it closed', async () => {
    logInDemoUser(1);
    renderAppAt('/order');
    await waitFor(() => expect(row(7)).not.toBeNull());
    fireEvent.click(row(7)?.querySelector('.order-row-main') as HTMLElement);
    await screen.findByRole('dialog', { name: 'Order details' });

    answers = { holding: [], pending: [PENDING], history: [] };
    const socket = openSocket(sockets);
    act(() =>
      socket.serverSends({
        type: 'push',
        topic: 'forex.closed',
        data: {
          Id: 7,
          ForexId: 13,
          ShowCode: 'BTC/USDT',
          Status: 3,
          State: 'closed',
          reason: 'take_profit',
          FactProfits: '12.340000',
          ClosePrice: '101234.00',
          CloseTime: 5,
          balance: '99112.34',
        },
      }),
    );
    await waitFor(() => expect(row(7)).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order details' })).toBeNull());
    await waitFor(() => expect(document.querySelector('.adm-toast-main')).not.toBeNull());
    expect(plain(document.querySelector('.adm-toast-main')?.textContent)).toBe(
      'BTC/USDT: take-profit reached, position closed. P/L +12.340000 USDT',
    );
  });

  it('shows 10 skeleton rows while a tab loads', async () => {
    logInDemoUser(1);
    globalThis.fetch = (() => new Promise<Response>(() => {})) as typeof fetch;
    renderAppAt('/order');
    const skeleton = await screen.findByTestId('order-skeleton');
    expect(skeleton.querySelectorAll('.order-skeleton-row')).toHaveLength(10);
  });
});

describe('order bar on the trade page', () => {
  it('sends a visitor who presses buy to log in, coming back to this instrument', async () => {
    const router = renderAppAt('/trade?code=BTCUSDT&period=1M');
    const buy = await findBuyButton();
    expect(buy.textContent).toContain('100,010.00');
    fireEvent.click(buy);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
      '/trade?code=BTCUSDT&period=1M',
    );
  });

  it('disables buy and sell while the market is closed, saying why', async () => {
    logInDemoUser(1);
    renderAppAt('/trade?code=EURUSD&period=1M');
    await waitFor(() => expect(document.querySelector('.order-action-note')).not.toBeNull());
    expect(document.querySelector('.order-action-note')?.textContent).toBe(
      'Market closed. Orders can be placed when it opens.',
    );
    for (const button of document.querySelectorAll<HTMLButtonElement>('.order-action'))
      expect(button.disabled).toBe(true);
  });

  it('opens the form with a live preview priced by the domain rules', async () => {
    logInDemoUser(1);
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    const buy = await findBuyButton();
    fireEvent.click(buy);
    const preview = await screen.findByTestId('order-preview');
    // 0.01 lot x 1 unit x 100,010.00 ask / 10 = 100.01 margin; fee 5 per lot x 0.01 = 0.05.
    await waitFor(() =>
      expect(preview.querySelector('[data-field=available] dd')?.textContent).toContain('99,000.00'),
    );
    // Margin, fee and their sum alike at the 6 places margin is kept to.
    expect(preview.querySelector('[data-field=margin] dd')?.textContent).toBe('100.010000 USDT');
    expect(preview.querySelector('[data-field=fee] dd')?.textContent).toBe('0.050000 USDT');
    expect(preview.querySelector('[data-field=required] dd')?.textContent).toBe('100.060000 USDT');
    const decrease = screen.getByRole('button', { name: 'Fewer lots' }) as HTMLButtonElement;
    expect(decrease.disabled).toBe(true);
  });
});
