/**
 * The server's tuning limits and timings in one place (house style: put a limit on everything, and
 * keep the limits in one constants file). Units are in the names: `...Ms`, `...Seconds`, `...Bytes`,
 * `...Max` (a count at most), `...Min`. What a client must know (text lengths, page sizes, digits)
 * stays in the wire contract's LIMITS (packages/contract/src/limits.ts); this file is the server's.
 */
export const SERVER_LIMITS = {
  // Verification codes and captchas (ARCHITECTURE.md: 6 digits, 10 minutes, one use, at most 5 tries).
  verificationCodeTtlSeconds: 600,
  verificationCodeAttemptsMax: 5,
  captchaTtlSeconds: 300,
  /** Random bytes of a captcha's key. */
  captchaKeyBytes: 16,
  /** Tries of a new user's random uid and invite code before giving up: a clash is already rare. */
  freshCodeTriesMax: 5,

  // Sessions: opaque token, sliding expiry.
  sessionTokenBytes: 32,
  /** Anything longer is not one of our tokens; refused before hashing. */
  sessionTokenTextLengthMax: 256,
  sessionTtlDays: 30,
  sessionTouchIntervalSeconds: 3600,
  /** A single node remembers sessions it found this long, so a request need not read its own. */
  sessionCacheSeconds: 5,
  sessionCacheEntriesMax: 10_000,
  /** The user agent kept with a customer or staff session. */
  userAgentLengthMax: 500,
  staffSessionTtlHours: 12,
  /** A staff session unused this long ends (a 30-minute idle timeout). */
  staffSessionIdleMinutes: 30,
  /** How often a staff session's last use is written: well under the idle timeout. */
  staffSessionTouchIntervalSeconds: 60,
  /** Failed staff sign-ins (password or second factor) per account before it is locked for the window. */
  staffLoginFailuresMax: 5,
  staffLoginFailuresWindowSeconds: 900,
  /** The first admin's (or a re-issued) enrolment link works this long, once. */
  staffEnrolmentTtlHours: 24,
  staffEnrolmentTokenBytes: 32,
  /** Recovery codes given at enrolment; each signs in once in place of a TOTP code. */
  staffRecoveryCodesCount: 10,
  /** A customer's internal notes shown on their page (the newest ones). */
  customerNotesShownMax: 200,
  /** TOTP (RFC 6238): 30-second steps, 6 digits, SHA-1 (what every authenticator app reads). */
  totpStepSeconds: 30,
  totpDigits: 6,
  /** Steps either side of now accepted, for a phone's clock a little off. */
  totpWindowSteps: 1,
  /** A staff password set from the command line (the back office's first account). */
  staffPasswordLengthMin: 12,

  // Rate limits (count per window).
  loginFailuresPerAccountMax: 5,
  loginFailuresPerAccountWindowSeconds: 900,
  loginAttemptsPerAddressMax: 30,
  loginAttemptsPerAddressWindowSeconds: 900,
  codesPerDestinationMax: 5,
  codesPerDestinationWindowSeconds: 3600,
  codesPerAddressMax: 20,
  codesPerAddressWindowSeconds: 3600,
  demoLoginsPerAddressMax: 30,
  demoLoginsPerAddressWindowSeconds: 3600,
  captchasPerAddressMax: 60,
  captchasPerAddressWindowSeconds: 3600,
  uploadsPerUserMax: 30,
  uploadsPerUserWindowSeconds: 3600,
  supportMessagesPerUserMax: 20,
  supportMessagesPerUserWindowSeconds: 60,

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
  /**
   * Default of SOCKETS_PER_ADDRESS_MAX: sockets one client address may hold open on a node. A phone
   * holds one; a household or an office behind one address holds a few; a flood holds thousands.
   */
  socketsPerAddressMax: 20,
  /** Stays under the open-file limit with room left for the database, HTTP and files. */
  socketsPerNodeMax: 18_000,
  /** Checks of a socket login's session when more endings came in meanwhile than are remembered. */
  socketSessionChecksMax: 3,
  /** Session endings remembered for logins still being checked; a check takes milliseconds. */
  socketRecentSessionEndingsMax: 256,
  /** At shutdown, sockets get this long to answer their close (1012, service restart). */
  socketCloseGraceMs: 500,
  /** Each node repeats its sockets' topics on the Redis bridge this often... */
  socketBridgeAnnounceIntervalMs: 5_000,
  /** ...and forgets another node's topics after this many periods of silence. */
  socketBridgeRemoteExpiryPeriods: 3,
  /**
   * A staff socket's session is checked again this often (without counting as a use, so an open
   * console does not keep a session alive): a logout, an idle timeout or a disabled account ends
   * its login within this time.
   */
  staffSocketRecheckSeconds: 30,
  /** A retry of the file transport looks for its message's id in this many bytes of the file's end. */
  outboxFileScanBytesMax: 16 * 1024 * 1024,
  /** The execution-quality job takes in new execution records this often... */
  executionQualityJobMs: 60_000,
  /** ...this many per transaction... */
  executionQualityBatchMax: 5_000,
  /** ...once they are this old (a fill committed after a later one's is not skipped). */
  executionQualitySettleMs: 5_000,
  /**
   * Its first run comes this long after the node takes the lead: past the settle time, so the fills
   * made as the node started are in it (a fresh server's report is not empty for a whole interval).
   */
  executionQualityFirstRunMs: 6_000,
  /** Its timer looks this often whether the node leads and a run is due. */
  executionQualityBeatMs: 1_000,
  /** The outbox sender looks for due messages this often (and at once when a row commits here). */
  outboxPollMs: 500,
  /** Messages one claim takes (each delivered, then the next claim). */
  outboxClaimBatchMax: 20,
  /** The first retry waits about this long; each next one twice as long... */
  outboxBackoffBaseMs: 5_000,
  /** ...up to this. */
  outboxBackoffCapMs: 10 * 60_000,
  /** A transport that has not answered by then counts as a failed try (it is retried). */
  outboxDeliveryTimeoutMs: 60_000,
  /**
   * A claimed row whose node has not finished it by then (the node died) is claimed again: longer
   * than a delivery may last, so a live node never loses its claim.
   */
  outboxClaimLeaseMs: 3 * 60_000,
  /** A delivery error is kept at most this long (characters) on its row. */
  outboxErrorLengthMax: 1000,
  /** A Redis pub/sub pair that is not connected and subscribed by then fails the start. */
  redisConnectTimeoutMs: 10_000,
  /** One Redis error logged per this interval, not one per retry. */
  redisErrorLogIntervalMs: 10_000,

  // Market data.
  /** One-minute candles are kept this long (30 days of history plus a margin), then pruned. */
  minuteCandleRetentionDays: 32,
  candlePruneIntervalSeconds: 3600,
  /** Finished candles are written in one batch this often, never one insert per tick. */
  candleFlushIntervalMs: 5000,
  /** Candles waiting for the database per instrument (one day of minutes) before the oldest drop. */
  unsavedMinuteCandlesPerInstrumentMax: 1440,
  /** Rows per statement when history is written in bulk. */
  candleInsertBatchRowsMax: 20_000,
  /** A first start writes this many days of minutes and of days, so charts are full from the first visit. */
  backfillMinuteDays: 30,
  backfillDayDays: 365,
  /** The feed loop runs this often; each run collects every tick that fell due. */
  marketLoopIntervalMs: 100,
  /**
   * The instrument catalogue checks its version (market/instrument-catalogue.ts) at least this often,
   * so an edit made on another node reaches this one even while nobody trades (the node that took
   * the edit applies it at once).
   */
  marketTermsRefreshMs: 5000,
  /** Quotes go to `market.day` at most this often (only the instruments that changed). */
  marketDayPublishIntervalMs: 250,
  /** Ticks older than this when the loop runs (a paused process, a moved clock) are skipped. */
  feedCatchUpMs: 2000,
  /** One model step covers at most this much time, so a restart or a reopening never jumps. */
  feedStepMsMax: 5000,
  /** Ticks kept for a node that stops taking them from the relay (a stuck loop): about a minute of the feed's. */
  relayReceivedTicksMax: 20_000,

  // Uploads.
  /** Images with more pixels are refused before decoding (a small file can inflate to gigabytes). */
  uploadInputPixelsMax: 50_000_000,
  /** Stored images fit in this square; larger ones are scaled down (ID text stays readable). */
  uploadEdgePixelsMax: 4096,
  /** Room for the form's boundaries and its small `purpose` field around the largest file. */
  multipartOverheadBytes: 64 * 1024,
  /** Random bytes of an upload's stored name. */
  uploadNameBytes: 16,
  /** Bytes of the key that signs image addresses. */
  imageUrlSigningKeyBytes: 32,

  // Trading.
  /** Pending and holding orders of one account at once. */
  openOrdersPerAccountMax: 200,
  /** A user's forex.trade push at most this often (4 a second), computed once for all their sockets. */
  forexTradePushIntervalMs: 250,
  /** A reader (an order, the engine) checks the instrument catalogue's version when its last check is older than this. */
  tradingTermsCacheMs: 1000,
  /** Account ids remembered per process (they never change); past it the memory starts again. */
  accountIdsRememberedMax: 100_000,
  /** The engine re-reads the cached balances of accounts with positions this often. */
  engineBalanceRefreshMs: 5000,
  /**
   * A node without the engine queues for its lock (PostgreSQL grants it the moment the leader lets
   * go); a wait that failed (a lost connection) is opened again after this long.
   */
  engineLockRetryMs: 5000,
  /** A stopping standby cancels its wait for the lock this many times, this far apart, then just closes. */
  engineWaitCancelTriesMax: 5,
  engineWaitCancelRetryMs: 200,
  /** A standby's queued wait for the lock checks this often that its node is still connected (PostgreSQL 14+). */
  engineWaitClientCheckMs: 5000,
  /** Silence after which a dedicated database connection (the engine's lock) sends TCP keep-alives. */
  dedicatedConnectionKeepAliveMs: 30_000,
  /** Collect passes per instrument and tick: a filled pending order's stops may fire at once. */
  engineCollectPassesMax: 3,
  /**
   * Stop-losses and take-profits one quote crosses, closed per transaction (set-based SQL,
   * a few statements per batch whatever its size; a batch that fails is retried one close at a time).
   */
  engineCloseBatchMax: 1000,
  /** Batches of one quote's closes in flight at once (each a pool connection): one computes while the other waits. */
  engineCloseBatchesAtOnceMax: 2,
  /** Closed or cancelled orders the engine remembers, so a late event of one never brings it back. */
  engineEndedOrdersRememberedMax: 10_000,
  /** An account that was stopped out and closed nothing (its losing market closed) is looked at again after this. */
  stopOutRetryMs: 1000,

  // Copy trading.
  /** Follows of one user that are active or paused at once. */
  followsPerUserMax: 20,
  /** A trader's order is copied only this soon after it opened (a copy late by more is skipped). */
  copyLateMsMax: 60_000,
  /** Followers opened in one transaction when a trader's order opens. */
  copyBatchFollowersMax: 1000,
  /** Batch transactions of one order at once: two of the pool's ten connections. */
  copyBatchesAtOnceMax: 2,
  /** The reconciliation of copies (missed opens and closes, copy stop-losses) runs this often. */
  copySweepIntervalMs: 2000,
  /** Trader orders older than this are not looked at by the sweep's missed-open check. */
  copyMissedOpenLookbackMs: 60 * 60 * 1000,
  /** Rows one sweep query takes (missed copies, copies to close); the next sweep takes the rest. */
  copySweepRowsMax: 5000,
  /** The ranking's statistics are computed again at most this often. */
  rankingCacheMs: 15_000,
  /** Which users are traders is read again at most this often. */
  traderDirectoryCacheMs: 1000,

  // Funds.
  /** Deposits one customer may have waiting for review at once. */
  pendingDepositsPerUserMax: 10,
  /** Withdrawals one customer may have waiting for review at once. */
  pendingWithdrawalsPerUserMax: 10,
  /** The latest deposits and withdrawals each a review drawer shows of the customer. */
  customerContextRecordsMax: 5,

  // Process.
  /** PostgreSQL connections in one node's pool. */
  databasePoolSizeMax: 10,
  /** The readiness probe's database query: a database slower than this counts as unreachable. */
  readinessDatabaseTimeoutMs: 2_000,
  /**
   * A first start fills the market's history and replays the strategy traders in onReady hooks:
   * seconds of work that Fastify's default 10 s limit would cut short on a busy machine.
   */
  startHooksTimeoutMs: 120_000,
  /** A shutdown that takes longer exits anyway. */
  shutdownGraceMs: 10_000,
  /** SHUTDOWN_DELAY_SECONDS at most: a load balancer notices a failing readiness check well within it. */
  shutdownDelaySecondsMax: 120,
  /** While the server closes, connections that turned idle are closed this often. */
  shutdownIdleSweepMs: 50,
  /** Causes of an error followed at most this deep in a log line (a cycle or a long chain must not stall it). */
  logErrorCausesMax: 4,
} as const;
