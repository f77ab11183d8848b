/**
 * Limits and timings of the web app in one place (house style: a limit on everything).
 * Limits shared with the server live in @meridian/contract/limits.
 */
export const WEB_LIMITS = {
  /** A request still unanswered after this long is abandoned and reported as a time-out. */
  requestTimeoutMs: 20_000,
  /** A toast stays this long; long enough to read a sentence, short enough not to block. */
  toastDurationMs: 2_500,
  /** From this width on the app is shown as a phone-width column (spec: desktop layout later). */
  desktopViewportWidthMinPx: 1024,
  /** Width of the phone column on a wide screen. */
  phoneColumnWidthMaxPx: 480,

  // Realtime socket (spec sections 4 and 9).
  /** A socket not open after this long is abandoned and tried again. */
  socketConnectTimeoutMs: 5_000,
  socketPingIntervalMs: 5_000,
  /** More unanswered pings than this means the connection is dead: reconnect (spec: "more than 2"). */
  socketUnansweredPingsMax: 2,
  /**
   * Reconnect delays grow from the first, doubling each failed attempt, up to a ceiling, with
   * jitter. While the page is shown the ceiling is short (prices live again within 3 s of
   * the server's return); a hidden tab has no one watching, so it backs off much further.
   */
  socketReconnectDelayMinMs: 500,
  socketReconnectDelayVisibleMaxMs: 2_000,
  socketReconnectDelayHiddenMaxMs: 30_000,
  /**
   * A node closing for a restart (close code 1012) is followed by a reconnect within this, at a
   * random moment: at once for the customer, yet its sockets do not all land on the other nodes in
   * the same millisecond.
   */
  socketRestartReconnectSpreadMs: 250,
  /**
   * A connection lost for less than this is not announced: a blip must not flash a banner. After
   * it, the stale-prices notice shows and the live figures dim until the socket is open again.
   */
  liveStaleGraceMs: 1_000,
  /** Messages held while the socket is not open; past this the oldest is dropped. */
  socketQueuedMessagesMax: 50,

  // Lists and pages of the personal center and content (spec section 9).
  /** The pull-to-refresh indicator ends this long after the pull, whatever the network does. */
  pullToRefreshMs: 500,
  /** The company chosen on /product is remembered this long (a cookie of 3 years). */
  companyCookieMaxAgeSeconds: 3 * 365 * 24 * 60 * 60,
  /** Older chat messages load when the reader scrolls within this distance of the top. */
  chatLoadOlderThresholdPx: 120,
  /** The customer-service unread count is asked again this often while the personal center shows. */
  supportUnreadRefreshMs: 60_000,
  /** Within this distance of the end the chat reader is "at the bottom" and follows new messages. */
  chatNearBottomPx: 80,

  // How long server data is fresh in the query cache, and how often a shown list is read again.
  /** Anything that names no freshness of its own: a screen opened again within this reads the cache. */
  queryStaleMsDefault: 30_000,
  /** Orders change them; a few seconds old is as good as new for a screen that is just opening. */
  balanceStaleMs: 5_000,
  accountDetailStaleMs: 5_000,
  /** Company-wide settings and texts change rarely (by the back office). */
  basicInfoStaleMs: 5 * 60_000,
  settingStaleMs: 5 * 60_000,
  companiesStaleMs: 5 * 60_000,
  marketCategoriesStaleMs: 10 * 60_000,
  /** Which instruments a name finds changes only with a new catalogue or a language switch. */
  instrumentNameSearchStaleMs: 10 * 60_000,
  /** The server is asked for names once typing pauses this long; codes are filtered at once. */
  instrumentNameSearchDebounceMs: 250,
  newsCategoriesStaleMs: 10 * 60_000,
  /** The sparkline points are hourly closes: a few minutes old is as good as new. */
  sparklinesRefreshMs: 5 * 60_000,
  /** The server computes the ranking statistics again at most this often; asking more shows nothing new. */
  rankingStaleMs: 15_000,
  /** The open copies are read again this often while shown: a trader's new order opens one at any time. */
  copyHoldingRefreshMs: 5_000,
  /** The follows' results are read again this often while /copy is shown (copies open and close meanwhile). */
  followsRefreshMs: 5_000,

  // Chart and live data.
  /** Older history is asked for when fewer than this many bars are left to the left of the view. */
  chartNearStartBars: 20,
  /** Candle pushes kept while the history is still loading; a few seconds of ticks is plenty. */
  chartPendingCandlesMax: 64,
  /** Closed orders remembered so the answer and the push about one close toast once. */
  announcedOrdersMax: 100,

  // Funds: deposits, withdrawals, the wallet.
  /**
   * The coin channels and wire accounts: staff may change a receiving address at any time, and a
   * customer must never be shown an old one for long, so they are read again after a minute.
   */
  depositChannelsStaleMs: 60_000,
  /** The withdraw currencies' fee and rate: the figures shown must be those the server charges. */
  drawTermsStaleMs: 30_000,
  /** Side of the QR code of a receiving address, in CSS pixels (big enough for any phone camera). */
  depositQrSizePx: 184,
  /** A reviewed deposit's or withdrawal's message stays longer than a toast: it is about money. */
  fundsOutcomeToastMs: 5_000,
  /** Characters kept at each end of an address or account shown shortened in a list. */
  accountEndsShownChars: 6,
} as const;
