import type { ExecutionQualityDay, ExecutionQualityReport } from '@meridian/contract/execution-quality';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAppAt } from '../../../testing/render-app';

/** The execution-quality page against a fake report: empty, then two instruments. */

const today = new Date().toISOString().slice(0, 10);

function day(fields: Partial<ExecutionQualityDay>): ExecutionQualityDay {
  return {
    day: today,
    fills: 4,
    positive_fills: 1,
    positive_median: '2',
    positive_p95: '2',
    negative_fills: 1,
    negative_median: '-12',
    negative_p95: '-12',
    at_or_better_share: '0.7500',
    fill_ms_median: 3,
    fill_ms_p95: 40,
    spread_median: '9',
    stale_seconds: 0,
    ...fields,
  };
}

const REPORT: ExecutionQualityReport = {
  days: 30,
  updated_at: Date.now(),
  list: [
    { forex_id: 1, code: 'EURUSD', name: 'EUR/USD', days: [day({})] },
    { forex_id: 13, code: 'BTCUSDT', name: 'BTC/USDT', days: [day({ fills: 2, stale_seconds: 35 })] },
  ],
};

let api: ReturnType<typeof installFakeApi> | undefined;

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  api?.restore();
});

const cells = () =>
  [...document.querySelectorAll('.execution-table tbody tr td')].map((cell) => cell.textContent);

describe('the execution-quality page', () => {
  it('says so when there are no fills yet', async () => {
    api = installFakeApi({ '/api/execution/quality': { days: 30, updated_at: 0, list: [] } });
    renderAppAt('/execution');
    await screen.findByText('No fills yet');
    expect(screen.getByText('What the figures mean')).toBeTruthy();
    expect(api.callsTo('/api/execution/quality')[0]?.searchParams.get('days')).toBe('30');
  });

  it('explains worse fills as the engine makes them: a jump past a stop-loss does not make one', async () => {
    api = installFakeApi({ '/api/execution/quality': { days: 30, updated_at: 0, list: [] } });
    renderAppAt('/execution');
    const term = await screen.findByText('Worse fills', { selector: 'dt' });
    const explanation = term.nextElementSibling?.textContent ?? '';
    // A trigger fills at its own price, its reference (triggers.service.ts); a market order at the
    // recorded quote, its reference too: by the fill invariant no fill is worse than its reference.
    expect(explanation).toContain(
      'a pending order, stop-loss or take-profit at the price you set, even when the market jumps past it',
    );
    expect(explanation).toContain('So this should stay 0: a worse fill would be an error on our side');
    expect(explanation).not.toContain('for example a stop-loss when the price jumped past it');
  });

  it("shows the first instrument's day, then the one picked, with a bar in the chart", async () => {
    api = installFakeApi({ '/api/execution/quality': REPORT });
    renderAppAt('/execution');
    await waitFor(() => expect(cells()[0]).toBe('4'));
    expect(cells()).toEqual(['4', '75%', '1 · +2 / +2', '1 · -12 / -12', '3 / 40', '9', '0']);
    expect(document.querySelectorAll('[data-testid="execution-chart"] rect')).toHaveLength(1);
    fireEvent.click(screen.getByText('BTC/USDT'));
    await waitFor(() => expect(cells()[0]).toBe('2'));
    expect(cells().at(-1)).toBe('35');
  });
});
