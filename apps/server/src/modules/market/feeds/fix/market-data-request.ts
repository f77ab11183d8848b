/**
 * A MarketDataRequest (35=V) for one symbol: top of book (MarketDepth 1), bid and offer, snapshot
 * plus incremental updates (263=1, 265=1); an unsubscribe (263=2) repeats the subscription's MDReqID
 * and fields, as FIX asks. Field names are the FIX 4.4 dictionary's (jspurefix encodes by name).
 */
export function marketDataRequest(
  reqId: string,
  symbol: string,
  kind: 'subscribe' | 'unsubscribe',
): Record<string, unknown> {
  return {
    MDReqID: reqId,
    SubscriptionRequestType: kind === 'subscribe' ? '1' : '2',
    MarketDepth: 1,
    MDUpdateType: 1,
    MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
    InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: symbol } }] },
  };
}
