import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import en from '../../../locales/en.json';
import { OrderActionBar } from './order-action-bar';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

const bar = (props: Partial<Parameters<typeof OrderActionBar>[0]>) =>
  render(
    <OrderActionBar
      bid="1.08500"
      ask="1.08520"
      precision={5}
      marketOpen
      paused={false}
      noLeverage={false}
      onPick={() => {}}
      {...props}
    />,
  );
const buttons = () => screen.getAllByRole<HTMLButtonElement>('button');

describe('the order bar', () => {
  it('pauses on a stale feed: a floating note that says why, both buttons disabled and described by it', () => {
    bar({ marketOpen: false, pricesPaused: 'stale' });
    const note = screen.getByRole('status');
    expect(note.textContent).toBe(en.orderForm.pausedStale);
    expect(note.dataset.testid).toBe('prices-paused-note');
    expect(note.classList.contains('is-floating')).toBe(true);
    expect(buttons().map((button) => [button.disabled, button.getAttribute('aria-describedby')])).toEqual([
      [true, note.id],
      [true, note.id],
    ]);
    // The prices last shown stay on the buttons.
    expect(buttons().map((button) => button.textContent)).toEqual(['Sell1.08500', 'Buy1.08520']);
  });

  it('says an unquoted instrument is not quoted by the provider', () => {
    bar({ marketOpen: false, pricesPaused: 'unquoted' });
    expect(screen.getByRole('status').textContent).toBe(en.orderForm.pausedUnquoted);
  });

  it('keeps "Market closed" in the bar for the trading hours', () => {
    bar({ marketOpen: false, pricesPaused: null });
    const note = screen.getByRole('status');
    expect(note.textContent).toBe(en.orderForm.marketClosed);
    expect(note.classList.contains('is-floating')).toBe(false);
    expect(buttons().every((button) => button.disabled)).toBe(true);
  });

  it('trades with no note while open', () => {
    bar({});
    expect(screen.queryByRole('status')).toBeNull();
    expect(buttons().some((button) => button.disabled)).toBe(false);
  });
});
