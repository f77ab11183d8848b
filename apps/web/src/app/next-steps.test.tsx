import type { Order, OrderList } from '@meridian/contract/trading';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCurrentInstrumentStore } from '../features/market/stores/current-instrument-store';
import { useBalanceVisibilityStore } from '../features/user/stores/balance-visibility-store';
import { logInDemoUser } from '../testing/demo-session';
import { accountDetailFixture } from '../testing/funds-fixtures';
import { callsTo, fundsApi, fundsSockets, installFundsPages, logInRealUser } from '../testing/funds-pages';
import { btcUsdtTradingFixture } from '../testing/market-fixtures';
import { openSocket } from '../testing/open-socket';
import { findBuyButton } from '../testing/order-bar';
import { orderFixture, orderListFixture } from '../testing/order-fixtures';
import { currentPath, renderAppAt } from '../testing/render-app';
import { basicInfoFixture } from '../testing/settings-fixtures';

// Next steps everywhere: an empty list, an empty account and a barred demo user are
// each offered the step that gets them going, and the stop-loss and take-profit boxes come in one
// order wherever an order's stops are set or shown.

// The chart draws on a canvas, which jsdom has not (e2e/next-steps.e2e.ts checks it in the browser).
vi.mock('../features/chart/components/kline-chart', () => import('../testing/kline-chart-stub'));

installFundsPages();

const BTCUSDT = btcUsdtTradingFixture();
const HOLDING = orderFixture({ Id: 7, FactProfits: '1.500000' });

function orderList(orders: Order[]): OrderList {
  return orderListFixture(orders, { all_fact_profits: '0.000000', balance: '0' });
}

/** The order and trade pages' server, with `holding` as the open positions and `balance` available. */
function serveTrading(holding: Order[], balance: string) {
  fundsApi.answers['/v1/api/forex/my_deal'] = (url: URL) =>
    orderList(url.searchParams.get('status') === '1' ? holding : []);
  fundsApi.answers['/v1/api/forex/trade_list'] = [BTCUSDT];
  fundsApi.answers['/v1/api/forex/categories'] = [{ Id: 1, NameShowTrans: 'Crypto' }];
  fundsApi.answers['/api/basicSet/getBasicInfo'] = basicInfoFixture({ price_source: 'simulated' });
  fundsApi.answers['/v1/api/main/wallet/getBalance'] = { balance };
  fundsApi.answers['/v1/api/main/account/forexDetail'] = accountDetailFixture(balance);
}

/** The app's socket open: prices are live, so the buttons that trade are enabled. */
async function pricesLive(): Promise<void> {
  await waitFor(() => expect(fundsSockets.sockets.length).toBeGreaterThan(0));
  openSocket(fundsSockets);
}

/** The names of the price boxes inside `root`, top to bottom. */
const boxOrder = (root: Element | null) =>
  [...(root?.querySelectorAll('[data-field]') ?? [])]
    .map((field) => field.getAttribute('data-field'))
    .filter((name) => name === 'stop_loss_price' || name === 'target_profit_price');

describe('an empty position list', () => {
  it('offers a button to trade that opens the instrument last looked at', async () => {
    logInDemoUser(1);
    serveTrading([], '100000');
    useCurrentInstrumentStore.setState({ code: 'BTCUSDT' });
    const router = renderAppAt('/order');
    const trade = await screen.findByRole('button', { name: 'Start trading' });
    expect(screen.getByText('No open positions')).toBeTruthy();
    fireEvent.click(trade);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade'));
    expect(new URLSearchParams(router.state.location.search).get('code')).toBe('BTCUSDT');
  });

  it('opens the trade page on its first instrument when none was looked at yet', async () => {
    logInDemoUser(1);
    serveTrading([], '100000');
    const router = renderAppAt('/order');
    fireEvent.click(await screen.findByRole('button', { name: 'Start trading' }));
    // The trade page then names the first listed instrument in the address.
    await waitFor(() => expect(currentPath(router)).toBe('/trade?code=BTCUSDT&period=1M'));
  });

  it('shows no such button while there are positions, nor on the pending tab', async () => {
    logInDemoUser(1);
    serveTrading([HOLDING], '100000');
    renderAppAt('/order');
    await waitFor(() => expect(document.querySelector('.order-row[data-order-id="7"]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Start trading' })).toBeNull();
    fireEvent.click(screen.getByText('Pending'));
    await screen.findByText('No pending orders');
    expect(screen.queryByRole('button', { name: 'Start trading' })).toBeNull();
  });
});

describe('an empty real account', () => {
  it('is asked to deposit where its balance is shown, and the button opens the deposit page', async () => {
    logInRealUser();
    serveTrading([], '0');
    const router = renderAppAt('/user');
    const prompt = await screen.findByTestId('deposit-prompt');
    expect(prompt.textContent).toContain('Deposit funds to start trading');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(currentPath(router)).toBe('/mine/charge'));
  });

  it('is not asked once it holds money', async () => {
    logInRealUser();
    serveTrading([], '250');
    renderAppAt('/user');
    await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toContain('250.00'));
    expect(screen.queryByTestId('deposit-prompt')).toBeNull();
  });

  it('is not asked while the balance is hidden, which the prompt would give away', async () => {
    logInRealUser();
    serveTrading([], '0');
    renderAppAt('/user');
    await screen.findByTestId('deposit-prompt');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    try {
      await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toBe('--'));
      expect(screen.queryByTestId('deposit-prompt')).toBeNull();
    } finally {
      useBalanceVisibilityStore.setState({ hidden: false });
    }
  });

  it('a demo account is never asked: it cannot deposit', async () => {
    logInDemoUser(1);
    serveTrading([], '0');
    renderAppAt('/user');
    await waitFor(() => expect(callsTo('/v1/api/main/account/forexDetail')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toContain('0.00'));
    expect(screen.queryByTestId('deposit-prompt')).toBeNull();
  });
});

/** Opens the phone's order form for a buy of BTCUSDT (0.01 lot: 100.01 margin + 0.05 fee). */
async function openBuyForm() {
  const router = renderAppAt('/trade?code=BTCUSDT&period=1M');
  await pricesLive();
  const buy = await findBuyButton();
  fireEvent.click(buy);
  return { router, preview: await screen.findByTestId('order-preview') };
}

describe('an order larger than the balance', () => {
  it('offers a real account the deposit page beside the warning', async () => {
    logInRealUser();
    serveTrading([], '50');
    const { router } = await openBuyForm();
    const short = await screen.findByTestId('funds-short');
    expect(short.textContent).toContain('Your available balance does not cover this order.');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(currentPath(router)).toBe('/mine/charge'));
  });

  it('offers a demo account a real one, since it cannot deposit', async () => {
    logInDemoUser(1);
    serveTrading([], '50');
    await openBuyForm();
    const short = await screen.findByTestId('funds-short');
    expect(short.textContent).toContain('Your virtual balance does not cover this order.');
    expect(screen.getByTestId('funds-short-action').textContent).toBe('Open a real account');
  });

  it('shows neither warning nor button when the balance covers the order', async () => {
    logInRealUser();
    serveTrading([], '100000');
    const { preview } = await openBuyForm();
    await waitFor(() =>
      expect(preview.querySelector('[data-field=available] dd')?.textContent).toContain('100,000.00'),
    );
    expect(screen.queryByTestId('funds-short')).toBeNull();
  });
});

describe('the real-account-only notice', () => {
  it.each(['/mine/charge', '/mine/withdraw', '/mine/auth', '/mine/password'])(
    'on %s says how to open a real account and opens sign-up',
    async (path) => {
      logInDemoUser(1);
      serveTrading([], '100000');
      const router = renderAppAt(path);
      expect(await screen.findByText('Only a real account can do this')).toBeTruthy();
      expect(screen.getByText(/Open a real account with your e-mail or phone number/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Open a real account' }));
      await waitFor(() => expect(currentPath(router)).toBe('/register'));
    },
  );
});

describe('stop-loss and take-profit', () => {
  it('come in the same order in the stops dialog as on the order row', async () => {
    logInDemoUser(1);
    serveTrading([HOLDING], '100000');
    renderAppAt('/order');
    await pricesLive();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.order-row[data-order-id="7"]');
      if (!found) throw new Error('no position yet');
      return found;
    });
    fireEvent.click(row.querySelector<HTMLElement>('[data-action=stops]') as HTMLElement);
    const dialog = await waitFor(() => {
      const found = document.querySelector('.stops-dialog');
      if (!found) throw new Error('no stops dialog yet');
      return found;
    });
    expect(boxOrder(dialog)).toEqual(['stop_loss_price', 'target_profit_price']);
    const figures = [...row.querySelectorAll('[data-field]')].map((field) =>
      field.getAttribute('data-field'),
    );
    expect(figures.indexOf('stop-loss')).toBeLessThan(figures.indexOf('take-profit'));
  });

  it('the order form asks for the stop-loss first too', async () => {
    logInDemoUser(1);
    serveTrading([], '100000');
    renderAppAt('/trade?code=BTCUSDT&period=1M');
    await pricesLive();
    const buy = await findBuyButton();
    fireEvent.click(buy);
    await screen.findByTestId('order-preview');
    expect(boxOrder(document.querySelector('.order-form-stops'))).toEqual([
      'stop_loss_price',
      'target_profit_price',
    ]);
  });
});
