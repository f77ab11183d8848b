import type { Follow } from '@meridian/contract/copy';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOrderMarksStore } from '../features/trading/stores/order-marks-store';
import { copyOrderFixture, followFixture } from '../testing/copy-fixtures';
import { copyApi, installCopyPages, postsTo } from '../testing/copy-pages';
import { logInDemoUser } from '../testing/demo-session';
import { plain } from '../testing/plain-text';
import { renderAppAt } from '../testing/render-app';

// The equity curve draws on a canvas, which jsdom has not (e2e/copy-trading.e2e.ts checks it).
vi.mock('../features/copy/components/equity-chart', () => ({
  EquityChart: ({ curve }: { curve: readonly unknown[] }) => (
    <div data-testid="equity-chart" data-points={curve.length} />
  ),
}));

installCopyPages();

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
    copyApi.answers['/api/follow/my_follows'] = following;
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
    copyApi.answers['/api/follow/my_follows'] = following;
    copyApi.answers['/api/follow/stop'] = {
      follow: { ...following[0], state: 'stopped' },
      closed: 2,
      waiting: 0,
    };
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
    copyApi.answers['/api/follow/my_follows'] = following;
    copyApi.answers['/api/follow/skips'] = [
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
    expect(
      copyApi.calls.find((call) => call.url.pathname === '/api/follow/skips')?.url.searchParams.get('id'),
    ).toBe('5');
  });

  it('lists my copied orders with their trader, the open ones with live profits', async () => {
    logInDemoUser(9);
    copyApi.answers['/api/follow/copy_orders'] = {
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
      copyApi.calls
        .find((call) => call.url.pathname === '/api/follow/copy_orders')
        ?.url.searchParams.get('status'),
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
    copyApi.answers['/api/follow/opt_in'] = {
      trader_id: 3,
      display_name: 'Sam Trades',
      listed: 1,
      followers: 0,
    };
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
