import type { TraderProfile } from '@meridian/contract/copy';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { followFixture, rankingEntryFixture, traderProfileFixture } from '../testing/copy-fixtures';
import {
  copyApi,
  figure,
  findPlain,
  installCopyPages,
  postsTo,
  rankRow,
  typeInto,
} from '../testing/copy-pages';
import { logInDemoUser } from '../testing/demo-session';
import { plain } from '../testing/plain-text';
import { currentPath, renderAppAt } from '../testing/render-app';

// The equity curve draws on a canvas, which jsdom has not (e2e/copy-trading.e2e.ts checks it).
vi.mock('../features/copy/components/equity-chart', () => ({
  EquityChart: ({ curve }: { curve: readonly unknown[] }) => (
    <div data-testid="equity-chart" data-points={curve.length} />
  ),
}));

installCopyPages();

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
      expect(copyApi.calls.map((call) => call.url.searchParams.get('sort'))).toEqual(
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
    copyApi.answers['/api/follow/trader'] = traderProfileFixture({
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
    expect(
      copyApi.calls.find((call) => call.url.pathname === '/api/follow/trader')?.url.searchParams.get('id'),
    ).toBe('2');
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
    copyApi.answers['/api/follow/follow'] = followFixture({ id: 5 });
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
    copyApi.refusals['/api/follow/follow'] = 'Your balance does not cover this amount';
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
    copyApi.answers['/api/follow/trader'] = traderProfileFixture({ is_me: 1 });
    renderAppAt('/rank/trader?id=1');
    await screen.findByText('This is you. You cannot copy yourself.');
    expect(screen.queryByRole('button', { name: 'Copy this trader' })).toBeNull();
  });

  it('shows my follow of the trader with its settings and actions', async () => {
    logInDemoUser(9);
    const profile: TraderProfile = traderProfileFixture({
      my_follow: followFixture({ id: 5, state: 'paused' }),
    });
    copyApi.answers['/api/follow/trader'] = profile;
    copyApi.answers['/api/follow/resume'] = followFixture({ id: 5 });
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
