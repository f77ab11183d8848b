/**
 * A market.day push as the market module sends it every 250 ms: the instruments that changed
 * (here 16 of the 32), each a QuoteUpdate of the contract, about 3.5 KB in all. The tick's send
 * time `t` (high-resolution Unix ms) and sequence `seq` come first so clients read them without
 * parsing the rest.
 */
const INSTRUMENTS_CHANGED = 16;

type Quote = {
  Id: number;
  MarketStatus: 0 | 1;
  ForexQuotations: {
    Open: string;
    Close: string;
    Change: string;
    High: string;
    Low: string;
    Volume: string;
    Bid: string;
    Ask: string;
    Time: number;
  };
};

function quotes(seq: number, nowMs: number): Quote[] {
  return Array.from({ length: INSTRUMENTS_CHANGED }, (_, index) => {
    const close = 1.08 + index * 0.731 + ((seq * 7 + index) % 100) / 10_000;
    return {
      Id: index + 1,
      MarketStatus: 1,
      ForexQuotations: {
        Open: (close - 0.0042).toFixed(5),
        Close: close.toFixed(5),
        Change: '0.39',
        High: (close + 0.0031).toFixed(5),
        Low: (close - 0.0057).toFixed(5),
        Volume: String(120_000 + seq),
        Bid: (close * 0.9999).toFixed(5),
        Ask: (close * 1.0001).toFixed(5),
        Time: Math.floor(nowMs),
      },
    };
  });
}

export type TickData = { t: number; seq: number; quotes: Quote[] };

/** High-resolution wall-clock time, comparable between processes on one machine. */
export function wallNowMs(): number {
  return performance.timeOrigin + performance.now();
}

export function tickData(seq: number): TickData {
  const t = wallNowMs();
  return { t, seq, quotes: quotes(seq, t) };
}
