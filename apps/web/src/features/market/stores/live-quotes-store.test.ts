import type { Instrument, MarketStatusReason, Quotation, QuoteUpdate } from '@meridian/contract/market';
import { beforeEach, describe, expect, it } from 'vitest';
import { instrumentFixture } from '../../../testing/market-fixtures';
import { useLiveQuotesStore } from './live-quotes-store';

function quotation(close: string, time: number): Quotation {
  return {
    Open: '1.00000',
    Close: close,
    Change: '0.00',
    High: close,
    Low: close,
    Volume: '1',
    Bid: close,
    Ask: close,
    Time: time,
  };
}

function update(id: number, close: string, time: number, status: 0 | 1 = 1): QuoteUpdate {
  return { Id: id, MarketStatus: status, ForexQuotations: quotation(close, time) };
}

function listed(id: number, close: string, time: number, reason?: MarketStatusReason): Instrument {
  return instrumentFixture({
    Id: id,
    Code: `C${id}`,
    ShowCode: `C/${id}`,
    Logo: '',
    HasForexMultiple: [],
    Spread: '0',
    ForexQuotations: quotation(close, time),
    ...(reason === undefined ? {} : { MarketStatus: reason === null ? 1 : 0, MarketStatusReason: reason }),
  });
}

function paused(id: number, close: string, time: number, reason: MarketStatusReason): QuoteUpdate {
  return { ...update(id, close, time, reason === null ? 1 : 0), MarketStatusReason: reason };
}

const quote = (id: number) => useLiveQuotesStore.getState().quotes[id];

beforeEach(() => {
  useLiveQuotesStore.setState({ quotes: {} });
});

describe('live quotes', () => {
  it('marks an up-tick and a down-tick, counting every move', () => {
    const { apply } = useLiveQuotesStore.getState();
    apply([update(1, '1.08500', 1)]);
    expect(quote(1)).toMatchObject({ move: null, moveCount: 0 });
    apply([update(1, '1.08510', 2)]);
    expect(quote(1)).toMatchObject({ move: 'up', moveCount: 1 });
    apply([update(1, '1.08520', 3)]);
    expect(quote(1)).toMatchObject({ move: 'up', moveCount: 2 });
    apply([update(1, '1.08490', 4)]);
    expect(quote(1)).toMatchObject({ move: 'down', moveCount: 3 });
  });

  it('does not flash again when the same price comes twice', () => {
    const { apply } = useLiveQuotesStore.getState();
    apply([update(1, '1.1', 1)]);
    apply([update(1, '1.2', 2)]);
    apply([update(1, '1.20', 3)]);
    expect(quote(1)).toMatchObject({ move: 'up', moveCount: 1 });
    expect(quote(1)?.quotation.Time).toBe(3);
  });

  it('never lets an older quote replace a newer one', () => {
    const { apply, seed } = useLiveQuotesStore.getState();
    apply([update(1, '2.0', 10)]);
    apply([update(1, '1.0', 5)]);
    seed([listed(1, '0.5', 7)]);
    expect(quote(1)?.quotation.Close).toBe('2.0');
    seed([listed(1, '2.5', 11)]);
    expect(quote(1)?.quotation.Close).toBe('2.5');
  });

  it('keeps the other instruments untouched, so their rows do not re-render', () => {
    const { apply } = useLiveQuotesStore.getState();
    apply([update(1, '1', 1), update(2, '5', 1)]);
    const second = quote(2);
    apply([update(1, '1.1', 2)]);
    expect(quote(2)).toBe(second);
  });

  it('follows the market status of the push', () => {
    const { apply } = useLiveQuotesStore.getState();
    apply([update(3, '1', 1, 1)]);
    apply([update(3, '1', 2, 0)]);
    expect(quote(3)?.marketStatus).toBe(0);
  });

  it('keeps why the market is not open: from the list, then from the pushes', () => {
    const { apply, seed } = useLiveQuotesStore.getState();
    seed([listed(4, '1.08500', 5, 'rejected'), listed(5, '1.1', 5, 'closed'), listed(6, '1.2', 5, null)]);
    expect(quote(4)).toMatchObject({ marketStatus: 0, statusReason: 'rejected' });
    expect(quote(5)).toMatchObject({ marketStatus: 0, statusReason: 'closed' });
    expect(quote(6)).toMatchObject({ marketStatus: 1, statusReason: null });
    // A feed going silent changes the status only: the push carries the last quote, same time.
    apply([paused(6, '1.2', 5, 'stale')]);
    expect(quote(6)).toMatchObject({ marketStatus: 0, statusReason: 'stale' });
    apply([paused(6, '1.3', 9, null)]);
    expect(quote(6)).toMatchObject({ marketStatus: 1, statusReason: null, move: 'up' });
  });

  it('reads a closed market from a server that sends no reason', () => {
    const { apply, seed } = useLiveQuotesStore.getState();
    seed([{ ...listed(7, '1', 1), MarketStatus: 0 }]);
    expect(quote(7)?.statusReason).toBe('closed');
    apply([update(7, '1', 2, 1)]);
    expect(quote(7)?.statusReason).toBeNull();
    apply([update(7, '1', 3, 0)]);
    expect(quote(7)?.statusReason).toBe('closed');
  });
});
