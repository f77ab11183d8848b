/**
 * FIX 4.4 messages as bytes, written by hand so the benchmark's provider costs nothing to run:
 * BodyLength (9) and CheckSum (10) computed, fields joined with SOH.
 */
const SOH = '\x01';

export function fixMessage(msgType: string, seqNum: number, body: Array<[number, string]>): string {
  const fields: Array<[number, string]> = [
    [35, msgType],
    [49, 'LP'],
    [56, 'MERIDIAN'],
    [34, String(seqNum)],
    [52, '20260101-00:00:00.000'],
    ...body,
  ];
  const inner = fields.map(([tag, value]) => `${tag}=${value}${SOH}`).join('');
  const head = `8=FIX.4.4${SOH}9=${Buffer.byteLength(inner)}${SOH}`;
  const text = head + inner;
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return `${text}10=${String(sum % 256).padStart(3, '0')}${SOH}`;
}

export function logonReply(): string {
  return fixMessage('A', 1, [
    [98, '0'],
    [108, '30'],
    [141, 'Y'],
  ]);
}

/** The benchmark's instrument: BTCUSDT trades around the clock, so a run at any hour is a run in trading hours. */
export const SYMBOL = 'BTCUSDT';

/** Cents as a price at 2 places. */
const price = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The bid of the `i`th quote in cents: a walk up and down one cent at a time around 95,000.00, so
 * every move is one price step and the spike filter never holds a quote (a held quote would reach
 * the engine one quote late, and a benchmark of the path must not measure that rule).
 */
export function bidCents(i: number): number {
  const phase = i % 100;
  return 9_500_000 + (phase < 50 ? phase : 100 - phase);
}

/** An incremental refresh changing both sides of SYMBOL (the `i`th of the walk, 0.50 wide). */
export function incrementalRefresh(seqNum: number, reqId: string, i: number): string {
  const bid = bidCents(i);
  return fixMessage('X', seqNum, [
    [262, reqId],
    [268, '2'],
    [279, '1'],
    [269, '0'],
    [55, SYMBOL],
    [270, price(bid)],
    [271, '1000000'],
    [279, '1'],
    [269, '1'],
    [55, SYMBOL],
    [270, price(bid + 50)],
    [271, '1000000'],
  ]);
}
