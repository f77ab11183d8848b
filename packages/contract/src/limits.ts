/**
 * Every limit of the product in one place (house style: put a limit on everything).
 * Units are in the name.
 */
export const LIMITS = {
  // Identity fields.
  emailLengthMax: 254,
  mobileDigitsMin: 5,
  mobileDigitsMax: 15,
  passwordLengthMin: 8,
  passwordLengthMax: 64,
  inviteCodeLength: 8,
  /** Public user number shown as `uid`. */
  uidDigits: 8,
  demoDeviceIdLengthMin: 8,
  demoDeviceIdLengthMax: 64,

  // Verification codes (ARCHITECTURE.md: 6 digits, 10 minutes, one use, at most 5 tries).
  verificationCodeDigits: 6,
  verificationCodeTtlSeconds: 600,
  verificationCodeAttemptsMax: 5,
  verificationCodeResendSeconds: 60,
  captchaTtlSeconds: 300,
  captchaLength: 4,
  captchaKeyLengthMax: 64,
  /** Longest text accepted in `sms_code`: a 6-digit code or a captcha answer. */
  registrationCodeLengthMax: 16,

  // Sessions: opaque token, sliding expiry.
  sessionTokenBytes: 32,
  sessionTtlDays: 30,
  sessionTouchIntervalSeconds: 3600,
  /** A single node remembers sessions it found this long, so a request need not read its own. */
  sessionCacheSeconds: 5,
  sessionCacheEntriesMax: 10_000,

  // Rate limits (count per window).
  loginFailuresPerAccount: 5,
  loginFailuresPerAccountWindowSeconds: 900,
  loginAttemptsPerAddress: 30,
  loginAttemptsPerAddressWindowSeconds: 900,
  codesPerDestination: 5,
  codesPerDestinationWindowSeconds: 3600,
  codesPerAddress: 20,
  codesPerAddressWindowSeconds: 3600,
  demoLoginsPerAddress: 30,
  demoLoginsPerAddressWindowSeconds: 3600,
  captchasPerAddress: 60,
  captchasPerAddressWindowSeconds: 3600,

  // Ledger: numeric(30, 8) columns hold at most 22 integer digits and 8 decimals.
  ledgerAmountIntegerDigitsMax: 22,
  ledgerAmountDecimalPlacesMax: 8,
  ledgerEntriesPerPostingMax: 16,

  // Realtime socket (/v1/ws). A client pings every 5 s, so 30 s of silence means it is gone.
  socketIdleSecondsMax: 30,
  socketIdleSweepSeconds: 5,
  /** Largest frame a client may send; a login with its token is under 300 bytes. */
  socketInboundMessageBytesMax: 4096,
  /**
   * Bytes queued for one socket beyond what the kernel holds; past it the client is dropped.
   * About ten seconds of every quote at the simulator's rate, so only a stalled client hits it.
   */
  socketOutboundBufferedBytesMax: 256 * 1024,
  /** market.day, forex.trade, forex.closed and a few kline charts leave ample room. */
  socketSubscriptionsMax: 32,
  /** Messages held while a login is being checked, so a sub right after login keeps its order. */
  socketPendingMessagesMax: 32,
  socketLoginsPerMinuteMax: 10,
  socketsPerUserMax: 16,
  /** Stays under the open-file limit with room left for the database, HTTP and files. */
  socketsPerNodeMax: 18_000,

  // Market data.
  /** Candles answered by one kline call; older ones are paged with `before`. */
  klineCandlesMax: 300,
  /** One-minute candles are kept this long (30 days of history plus a margin), then pruned. */
  minuteCandleRetentionDays: 32,
  candlePruneIntervalSeconds: 3600,
  /** Finished candles are written in one batch this often, never one insert per tick. */
  candleFlushIntervalMs: 5000,
  /** Candles waiting for the database per instrument (one day of minutes) before the oldest drop. */
  unsavedMinuteCandlesPerInstrumentMax: 1440,
  /** Rows per statement when history is written in bulk. */
  candleInsertBatchRows: 20_000,
  /** The feed loop runs this often; each run collects every tick that fell due. */
  marketLoopIntervalMs: 100,
  /** The live market reads the instruments' spreads again this often (back-office edits). */
  marketTermsRefreshMs: 5000,
  /** Quotes go to `market.day` at most this often (only the instruments that changed). */
  marketDayPublishIntervalMs: 250,
  /** Ticks older than this when the loop runs (a paused process, a moved clock) are skipped. */
  feedCatchUpMs: 2000,
  /** One model step covers at most this much time, so a restart or a reopening never jumps. */
  feedStepMsMax: 5000,
  /** Hourly closes in a home-list sparkline (a day). */
  sparklinePoints: 24,
  searchTextLengthMax: 32,

  // Uploads (POST /api/common/image_upload). Photos from phones are 2 to 6 MB.
  uploadBytesMax: 8 * 1024 * 1024,
  /** Images with more pixels are refused before decoding (a small file can inflate to gigabytes). */
  uploadInputPixelsMax: 50_000_000,
  /** Stored images fit in this square; larger ones are scaled down (ID text stays readable). */
  uploadEdgePixelsMax: 4096,
  uploadsPerUser: 30,
  uploadsPerUserWindowSeconds: 3600,
  /** How long a signed image address works; the app asks again for a fresh one after that. */
  imageUrlTtlSeconds: 600,
  /** Upload names are 32 hex characters and an extension; anything longer is not ours. */
  uploadNameLengthMax: 40,
  /** A picture field may carry an upload name or its signed address. */
  uploadReferenceLengthMax: 400,

  // Real-name verification.
  realNameLengthMax: 100,
  cardIdLengthMin: 4,
  cardIdLengthMax: 32,
  reviewReasonLengthMax: 500,

  // Content: news, announcements, companies.
  newsPageSizeDefault: 10,
  companySearchResultsMax: 20,
  contentHtmlLengthMax: 200_000,

  // Customer-service chat.
  supportTextLengthMax: 2000,
  supportPageSizeDefault: 30,
  supportMessagesPerUser: 20,
  supportMessagesPerUserWindowSeconds: 60,

  // Back office (staff) accounts.
  staffSessionTtlHours: 12,
  staffNameLengthMax: 80,

  // Trading.
  /** Pending and holding orders of one account at once. */
  openOrdersPerAccountMax: 200,
  /** Orders per page of my_deal (the order list's 10 skeleton rows). */
  orderPageSizeDefault: 10,
  /** Entries per page of the billing history. */
  ledgerPageSizeDefault: 20,
  idempotencyKeyLengthMax: 64,
  /** Longest text of a lots or price field. */
  tradeNumberTextLengthMax: 32,
  /** A user's forex.trade push at most this often (4 a second), computed once for all their sockets. */
  forexTradePushIntervalMs: 250,
  /** Instrument terms and the fee setting are read again at most this often for orders. */
  tradingTermsCacheMs: 1000,
  /** The engine re-reads the cached balances of accounts with positions this often. */
  engineBalanceRefreshMs: 5000,
  /** A node without the engine tries to take its lock this often (PostgreSQL). */
  engineLockRetryMs: 5000,
  /** Collect passes per instrument and tick: a filled pending order's stops may fire at once. */
  engineCollectPassesMax: 3,

  // Copy trading.
  traderNameLengthMin: 2,
  traderNameLengthMax: 32,
  /** Traders answered by the ranking (GET /api/follow/list). */
  rankingEntriesMax: 100,
  /** Follows of one user that are active or paused at once. */
  followsPerUserMax: 20,
  /** Lots multiplier of a ratio follow: 0.01x to 100x. */
  copyRatioMin: '0.01',
  copyRatioMax: '100',
  /** The amount a follow copies with (USDT): its scale and its copy stop-loss's base. */
  copyAmountMin: '10',
  copyAmountMax: '10000000',
  /** Decimal places of a ratio, an amount and a copy stop-loss percentage. */
  copyDecimalPlacesMax: 2,
  /** A trader's order is copied only this soon after it opened (a copy late by more is skipped). */
  copyLateMsMax: 60_000,
  /** Followers opened in one transaction when a trader's order opens. */
  copyBatchFollowersMax: 1000,
  /** The reconciliation of copies (missed opens and closes, copy stop-losses) runs this often. */
  copySweepIntervalMs: 2000,
  /** Closed orders on a trader profile. */
  traderRecentOrdersMax: 20,
  /** Points of a trader profile's equity curve (older points are thinned out). */
  traderCurvePointsMax: 400,
  /** The ranking's statistics are computed again at most this often. */
  rankingCacheMs: 15_000,
  /** Copy orders per page of my copied orders. */
  copyOrdersPageSizeDefault: 10,
  /** Recorded skips answered per follow. */
  copySkipsMax: 50,

  // Transport.
  requestBodyBytesMax: 1024 * 1024,
  genericTextLengthMax: 500,
  pageSizeMax: 50,
} as const;
