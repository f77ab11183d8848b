import type { Follow, TraderProfile } from '@meridian/contract/copy';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { useOrderMarksStore } from '../features/trading/stores/order-marks-store';
import { initI18n } from '../lib/i18n';
import { startRealtime } from '../lib/realtime/realtime';
import {
  copyOrderFixture,
  followFixture,
  rankingEntryFixture,
  traderProfileFixture,
} from '../testing/copy-fixtures';
import { logInDemoUser } from '../testing/demo-session';
import { fakeSocketFactory } from '../testing/fake-web-socket';
import { plain } from '../testing/plain-text';
import { currentPath, renderAppAt } from '../testing/render-app';
import { type Envelope, stubFetch } from '../testing/stub-fetch';
import { installAntdRender } from './antd-render';

// The equity curve draws on a canvas, which jsdom has not (e2e/copy-trading.e2e.ts checks it).
vi.mock('../features/copy/components/equity-chart', () => ({
  EquityChart: ({ curve }: { curve: readonly unknown[] }) => (
    <div data-testid="equity-chart" data-points={curve.length} />
  ),
}));

const RANKING = [
  rankingEntryFixture({ trader_id: 1, user: 'Alpha Desk' }),
  rankingEntryFixture({
    trader_id: 2,
    user: 'Trend Rider EUR',
    is_demo: 1,
    is_strategy: 1,
    strategy: 'trend_ema',
    three_week_rate: null,
    three_week_win: null,
    three_week_profit: '0',
    multiple: null,
    code: null,
  }),
];

let answers: Record<string, unknown>;
let refusals: Record<string, string>;
let calls: { url: URL; body: URLSearchParams | null }[];
let restoreFetch: () => void;

function answerOf(url: URL): Envelope | undefined {
  const refusal = refusals[url.pathname];
  if (refusal) return { code: 0, msg: refusal, data: null };
  if (!(url.pathname in answers)) return undefined;
  return { code: 1, msg: 'success', data: answers[url.pathname] };
}

const sockets = fakeSocketFactory();

const rankRow = (id: number) => document.querySelector<HTMLElement>(`.rank-row[data-trader-id="${id}"]`);
const figure = (row: HTMLElement | null, field: string) =>
  plain(row?.querySelector(`[data-field="${field}"] .rank-figure-value`)?.textContent);
/** Finds text as the reader sees it, without the isolate marks around numbers and names. */
const findPlain = (text: string | RegExp) =>
  screen.findByText(text, { normalizer: (raw) => plain(raw).replace(/\s+/g, ' ').trim() });
const postsTo = (path: string) => calls.filter((call) => call.url.pathname === path && call.body !== null);

function typeInto(field: string, value: string) {
  const input = document.querySelector<HTMLInputElement>(`.follow-form [data-field="${field}"] input`);
  if (!input) throw new Error(`no ${field} box`);
  fireEvent.change(input, { target: { value } });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  installAntdRender();
  await initI18n('en');
  startRealtime({ createSocket: sockets.create, getLanguage: () => 'en' });
});

beforeEach(() => {
  answers = {
    '/api/follow/list': RANKING,
    '/api/follow/trader': traderProfileFixture(),
    '/api/follow/my_follows': [],
    '/api/follow/copy_orders': { data: [], total: 0, page: 1, limit: 50 },
    '/api/follow/my_trader': null,
  };
  refusals = {};
  calls = [];
  restoreFetch = stubFetch((url, init) => {
    const body = init?.body instanceof URLSearchParams ? init.body : null;
    calls.push({ url, body });
    return answerOf(url);
  });
});

afterEach(() => {
  cleanup();
  restoreFetch();
  localStorage.clear();
  useUserStore.setState({ token: null, user: null });
  useOrderMarksStore.getState().clear();
});

describe('ranking page', () => {
  it('shows each trader with the spec figures, "--" where nothing is counted, and honest badges', async () => {
    renderAppAt('/rank');
    await waitFor(() => expect(rankRow(1)).not.toBeNull());
    const alpha = rankRow(1);
    expect(plain(alpha?.querySelector('.rank-headline-value')?.textContent)).toBe('+12.34%');
    expect(figure(alpha, 'three_week_profit')).toBe('+1,234.50');
    expect(figure(alpha, 'three_week_win')).toBe('60.00%');
    expect(figure(alpha, 'total_rate')).toBe('+45.60%');
    expect(figure(alpha, 'total_trade_num')).toBe('40');
    expect(figure(alpha, 'followers')).toBe('1,234');
    expect(figure(alpha, 'multiple')).toBe('100x');
    expect(plain(alpha?.querySelector('[data-field="variety"]')?.textContent)).toBe('Mainly trades EUR/USD');
    expect(alpha?.querySelectorAll('.trader-badge')).toHaveLength(0);

    const strategy = rankRow(2);
    expect(plain(strategy?.querySelector('.rank-headline-value')?.textContent)).toBe('--');
    expect(figure(strategy, 'three_week_win')).toBe('--');
    expect(figure(strategy, 'multiple')).toBe('--');
    // No orders yet, so no main instrument: the line is left out rather than dashed.
    expect(strategy?.querySelector('[data-field="variety"]')).toBeNull();
    expect(
      [...(strategy?.querySelectorAll('.trader-badge') ?? [])].map((badge) => badge.textContent),
    ).toEqual(['Strategy', 'Demo account']);
  });

  it('asks the server again when another sort tab is chosen', async () => {
    renderAppAt('/rank');
    await waitFor(() => expect(rankRow(1)).not.toBeNull());
    fireEvent.click(screen.getByText('Followers', { selector: '[data-sort=followers]' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url.searchParams.get('sort'))).toEqual(
        expect.arrayContaining(['followers']),
      ),
    );
    await waitFor(() =>
      expect(document.querySelector('.rank-list')?.getAttribute('data-sort')).toBe('followers'),
    );
  });

  it('shows 10 skeleton rows while the ranking loads', async () => {
    globalThis.fetch = (() => new Promise<Response>(() => {})) as typeof fetch;
    renderAppAt('/rank');
    const skeleton = await screen.findByTestId('rank-skeleton');
    expect(skeleton.querySelectorAll('.rank-skeleton-row')).toHaveLength(10);
  });

  it('opens a trader profile when a row is tapped', async () => {
    const router = renderAppAt('/rank');
    await waitFor(() => expect(rankRow(2)).not.toBeNull());
    fireEvent.click(rankRow(2) as HTMLElement);
    await waitFor(() => expect(currentPath(router)).toBe('/rank/trader?id=2'));
  });
});

describe('trader profile', () => {
  it('shows the statistics, the curve, the recent orders and a strategy rule', async () => {
    answers['/api/follow/trader'] = traderProfileFixture({
      trader: rankingEntryFixture({
        trader_id: 2,
        user: 'Trend Rider EUR',
        is_strategy: 1,
        strategy: 'trend_ema',
        is_demo: 1,
      }),
    });
    renderAppAt('/rank/trader?id=2');
    await screen.findByText('Trend Rider EUR');
    expect(calls.find((call) => call.url.pathname === '/api/follow/trader')?.url.searchParams.get('id')).toBe(
      '2',
    );
    expect(screen.getByTestId('equity-chart').dataset.points).toBe('2');
    const drawdown = document.querySelector('.trader-stats-table [data-field="drawdown"]');
    expect([...(drawdown?.querySelectorAll('td') ?? [])].map((cell) => plain(cell.textContent))).toEqual([
      '3.21%',
      '8.40%',
    ]);
    expect(document.querySelector('.trader-strategy p')?.textContent).toContain('20-bar exponential average');
    expect(document.querySelector('.trader-demo-note')?.textContent).toContain('virtual money');
    expect(document.querySelector('.recent-trade[data-trade-id="91"]')?.textContent).toContain('EUR/USD');
  });

  it('sends a visitor who presses Follow to log in and back to this profile', async () => {
    const router = renderAppAt('/rank/trader?id=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy this trader' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/rank/trader?id=1');
  });

  it('checks the follow form before sending, then sends the amount follow', async () => {
    logInDemoUser(9);
    answers['/api/follow/follow'] = followFixture({ id: 5 });
    renderAppAt('/rank/trader?id=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy this trader' }));
    await screen.findByText('Copies open in your demo account (virtual money).');

    fireEvent.click(screen.getByRole('button', { name: 'Start copying' }));
    await screen.findByText('Enter the amount: it is the base of the copy stop-loss');
    typeInto('amount', '5');
    await findPlain('The amount must be from 10 to 10,000,000 USDT');
    typeInto('amount', '1000');
    typeInto('stop_loss_percent', '150');
    await findPlain('The copy stop-loss must be from 0 to 100 %');
    expect(postsTo('/api/follow/follow')).toHaveLength(0);

    typeInto('stop_loss_percent', '50');
    await findPlain('Copying stops and the copies close once they have lost 500.00 USDT.');
    fireEvent.click(screen.getByRole('button', { name: 'Start copying' }));
    await waitFor(() => expect(postsTo('/api/follow/follow')).toHaveLength(1));
    expect(Object.fromEntries(postsTo('/api/follow/follow')[0]?.body ?? [])).toEqual({
      trader_id: '1',
      mode: '2',
      amount: '1000',
      stop_loss_percent: '50',
    });
  });

  it('sends the ratio in ratio mode, and keeps the form when the server refuses', async () => {
    logInDemoUser(9);
    refusals['/api/follow/follow'] = 'Your balance does not cover this amount';
    renderAppAt('/rank/trader?id=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy this trader' }));
    fireEvent.click(await screen.findByText('Ratio', { selector: '[data-mode=ratio]' }));
    typeInto('amount', '500');
    typeInto('ratio', '');
    fireEvent.click(screen.getByRole('button', { name: 'Start copying' }));
    await screen.findByText('Enter the ratio');
    typeInto('ratio', '0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Start copying' }));
    await waitFor(() => expect(postsTo('/api/follow/follow')).toHaveLength(1));
    expect(Object.fromEntries(postsTo('/api/follow/follow')[0]?.body ?? [])).toMatchObject({
      mode: '1',
      ratio: '0.5',
    });
    // The API client toasts the server's message (lib/api-client.test.ts); the form stays for another try.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Start copying' }).classList.contains('adm-button-loading'),
      ).toBe(false),
    );
    expect(document.querySelector('.follow-form')).not.toBeNull();
  });

  it('says "this is you" instead of Follow on the trader\'s own profile', async () => {
    logInDemoUser(9);
    answers['/api/follow/trader'] = traderProfileFixture({ is_me: 1 });
    renderAppAt('/rank/trader?id=1');
    await screen.findByText('This is you. You cannot copy yourself.');
    expect(screen.queryByRole('button', { name: 'Copy this trader' })).toBeNull();
  });

  it('shows my follow of the trader with its settings and actions', async () => {
    logInDemoUser(9);
    const profile: TraderProfile = traderProfileFixture({
      my_follow: followFixture({ id: 5, state: 'paused' }),
    });
    answers['/api/follow/trader'] = profile;
    answers['/api/follow/resume'] = followFixture({ id: 5 });
    renderAppAt('/rank/trader?id=1');
    const card = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.follow-card[data-follow-id="5"]');
      if (!found) throw new Error('no follow card yet');
      return found;
    });
    expect(card.querySelector('.follow-state')?.textContent).toBe('Paused');
    expect(plain(card.querySelector('[data-field="amount"] dd')?.textContent)).toBe('1,000.00 USDT');
    expect(plain(card.querySelector('[data-field="stop_loss_percent"] dd')?.textContent)).toBe('50.00%');
    expect(plain(card.querySelector('[data-testid="follow-result"]')?.textContent)).toBe('+12.345678');
    expect(screen.queryByRole('button', { name: 'Copy this trader' })).toBeNull();
    fireEvent.click(card.querySelector('[data-action="resume"]') as HTMLElement);
    await waitFor(() => expect(postsTo('/api/follow/resume')).toHaveLength(1));
    expect(postsTo('/api/follow/resume')[0]?.body?.get('id')).toBe('5');
  });
});

describe('copy trading tab', () => {
  const following: Follow[] = [
    followFixture({ id: 5, trader_name: 'Alpha Desk', open_copies: 2 }),
    followFixture({
      id: 6,
      trader_name: 'Old Friend',
      state: 'stopped',
      stop_reason: 'copy_stop_loss',
      stopped_at: 5,
    }),
  ];

  it('lists my follows, running first, with their state and why a stopped one stopped', async () => {
    logInDemoUser(9);
    answers['/api/follow/my_follows'] = following;
    renderAppAt('/copy');
    await waitFor(() => expect(document.querySelectorAll('.follow-card')).toHaveLength(2));
    const cards = [...document.querySelectorAll<HTMLElement>('.follow-card')];
    expect(cards.map((card) => card.dataset.followId)).toEqual(['5', '6']);
    expect(cards[1]?.querySelector('.follow-stop-reason')?.textContent).toBe('Copy stop-loss reached');
    expect(cards[1]?.querySelector('[data-action]')).toBeNull();
    expect(
      document.querySelector('.order-tab-title[data-section=following] .order-tab-count')?.textContent,
    ).toBe('1');
  });

  it('asks whether to close the open copies when stopping, and sends the answer', async () => {
    logInDemoUser(9);
    answers['/api/follow/my_follows'] = following;
    answers['/api/follow/stop'] = { follow: { ...following[0], state: 'stopped' }, closed: 2, waiting: 0 };
    renderAppAt('/copy');
    const stop = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '.follow-card[data-follow-id="5"] [data-action="stop"]',
      );
      if (!found) throw new Error('no stop button yet');
      return found;
    });
    fireEvent.click(stop);
    await screen.findByText(
      'Open copies of this trader: 2. Close them at the market price now, or keep them open as your own orders?',
      {
        exact: false,
        normalizer: (text) => plain(text),
      },
    );
    fireEvent.click(screen.getByText('Stop and close the copies'));
    await waitFor(() => expect(postsTo('/api/follow/stop')).toHaveLength(1));
    expect(Object.fromEntries(postsTo('/api/follow/stop')[0]?.body ?? [])).toEqual({
      id: '5',
      close_copies: '1',
    });
    await waitFor(() =>
      expect(plain(document.querySelector('.adm-toast-main')?.textContent)).toBe(
        'Copying stopped. Copies closed: 2',
      ),
    );
  });

  it('shows the skipped orders of a follow with the reason the server wrote', async () => {
    logInDemoUser(9);
    answers['/api/follow/my_follows'] = following;
    answers['/api/follow/skips'] = [
      {
        source_order_id: 70,
        ShowCode: 'XAU/USD',
        reason: 'Your available balance did not cover the copy',
        reason_key: 'copy.skip_insufficient_balance',
        created_at: Date.UTC(2026, 10, 3),
      },
    ];
    renderAppAt('/copy');
    const link = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '.follow-card[data-follow-id="5"] .follow-skips-link',
      );
      if (!found) throw new Error('no skips link yet');
      return found;
    });
    fireEvent.click(link);
    await screen.findByText('Your available balance did not cover the copy');
    expect(calls.find((call) => call.url.pathname === '/api/follow/skips')?.url.searchParams.get('id')).toBe(
      '5',
    );
  });

  it('lists my copied orders with their trader, the open ones with live profits', async () => {
    logInDemoUser(9);
    answers['/api/follow/copy_orders'] = {
      data: [copyOrderFixture({ Id: 31, TraderName: 'Alpha Desk', FactProfits: '1.000000' })],
      total: 1,
      page: 1,
      limit: 50,
    };
    renderAppAt('/copy');
    fireEvent.click(await screen.findByText('Copied orders'));
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.copy-order-row[data-order-id="31"]');
      if (!found) throw new Error('no copied order yet');
      return found;
    });
    expect(plain(row.querySelector('.copy-order-trader')?.textContent)).toBe('Copied from Alpha Desk');
    expect(plain(row.querySelector('[data-testid="copy-order-profit"]')?.textContent)).toBe('+1.000000');
    expect(
      calls.find((call) => call.url.pathname === '/api/follow/copy_orders')?.url.searchParams.get('status'),
    ).toBe('1');
    act(() =>
      useOrderMarksStore.getState().apply({
        orders: [{ Id: 31, ForexId: 13, FactProfits: '-3.500000', UpdatePrice: '99000.00' }],
        all_fact_profits: '-3.5',
        balance: '99000',
        margin: '100',
        net_value: '99096.5',
        risk_rate: '99096.50',
        time: 1,
      }),
    );
    expect(plain(row.querySelector('[data-testid="copy-order-profit"]')?.textContent)).toBe('-3.500000');
  });

  it('lets me become a trader with a checked display name', async () => {
    logInDemoUser(9);
    answers['/api/follow/opt_in'] = { trader_id: 3, display_name: 'Sam Trades', listed: 1, followers: 0 };
    renderAppAt('/copy');
    fireEvent.click(await screen.findByText('Be a trader'));
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('.trader-name-form input');
      if (!found) throw new Error('no name box yet');
      return found;
    });
    fireEvent.change(input, { target: { value: 'S' } });
    await screen.findByText(/The name must be/);
    fireEvent.change(input, { target: { value: 'Sam Trades' } });
    fireEvent.click(screen.getByRole('button', { name: 'Become a trader' }));
    await waitFor(() => expect(postsTo('/api/follow/opt_in')).toHaveLength(1));
    expect(postsTo('/api/follow/opt_in')[0]?.body?.get('display_name')).toBe('Sam Trades');
  });
});
