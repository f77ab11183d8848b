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

/** An incremental refresh changing both sides of EURUSD: the `i`th of a walk around 1.08500. */
export function incrementalRefresh(seqNum: number, reqId: string, i: number): string {
  const bid = (108_500 + (i % 50)).toString();
  const price = (points: string) => `1.${points.slice(1)}`;
  const ask = (108_502 + (i % 50)).toString();
  return fixMessage('X', seqNum, [
    [262, reqId],
    [268, '2'],
    [279, '1'],
    [269, '0'],
    [55, 'EURUSD'],
    [270, price(bid)],
    [271, '1000000'],
    [279, '1'],
    [269, '1'],
    [55, 'EURUSD'],
    [270, price(ask)],
    [271, '1000000'],
  ]);
}
