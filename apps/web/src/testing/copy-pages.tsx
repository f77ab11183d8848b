import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { useOrderMarksStore } from '../features/trading/stores/order-marks-store';
import { rankingEntryFixture, traderProfileFixture } from './copy-fixtures';
import { fakeSocketFactory } from './fake-web-socket';
import { type PathServer, servePaths } from './path-server';
import { plain } from './plain-text';
import { startTestApp } from './start-test-app';
import { unmountApp } from './unmount-app';

/**
 * The copy-trading page tests' server: answers by path (changed per test through copyApi), refusals
 * by path, and every call recorded. Each test file calls installCopyPages() once at its top level.
 */
export const RANKING = [
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

export const copyApi: PathServer<URLSearchParams> = { answers: {}, refusals: {}, calls: [] };
let restoreFetch: () => void = () => {};

const sockets = fakeSocketFactory();

export const rankRow = (id: number) =>
  document.querySelector<HTMLElement>(`.rank-row[data-trader-id="${id}"]`);
export const figure = (row: HTMLElement | null, field: string) =>
  plain(row?.querySelector(`[data-field="${field}"] .rank-figure-value`)?.textContent);
/** Finds text as the reader sees it, without the isolate marks around numbers and names. */
export const findPlain = (text: string | RegExp) =>
  screen.findByText(text, { normalizer: (raw) => plain(raw).replace(/\s+/g, ' ').trim() });
export const postsTo = (path: string) =>
  copyApi.calls.filter((call) => call.url.pathname === path && call.body !== null);

export function typeInto(field: string, value: string) {
  const input = document.querySelector<HTMLInputElement>(`.follow-form [data-field="${field}"] input`);
  if (!input) throw new Error(`no ${field} box`);
  fireEvent.change(input, { target: { value } });
}

export function installCopyPages(): void {
  beforeAll(() => startTestApp({ antdRender: true, sockets }));

  beforeEach(() => {
    copyApi.answers = {
      '/api/follow/list': RANKING,
      '/api/follow/trader': traderProfileFixture(),
      '/api/follow/my_follows': [],
      '/api/follow/copy_orders': { data: [], total: 0, page: 1, limit: 50 },
      '/api/follow/my_trader': null,
    };
    copyApi.refusals = {};
    copyApi.calls = [];
    restoreFetch = servePaths(copyApi, (body) => (body instanceof URLSearchParams ? body : null));
  });

  afterEach(async () => {
    await unmountApp();
    restoreFetch();
    localStorage.clear();
    useUserStore.setState({ token: null, user: null });
    useOrderMarksStore.getState().clear();
  });
}
