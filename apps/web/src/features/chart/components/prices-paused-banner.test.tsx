import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import en from '../../../locales/en.json';
import { PricesPausedBanner } from './prices-paused-banner';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

describe('the prices-paused notice over the chart', () => {
  it('says prices are paused and that they are awaited from the provider', () => {
    render(<PricesPausedBanner reason="stale" />);
    expect(screen.getByRole('status').textContent).toBe(`${en.market.pricesPaused}${en.trade.pausedStale}`);
  });

  it('says an instrument is not quoted by the provider', () => {
    render(<PricesPausedBanner reason="unquoted" />);
    expect(screen.getByRole('status').textContent).toBe(
      `${en.market.pricesPaused}${en.trade.pausedUnquoted}`,
    );
  });
});
