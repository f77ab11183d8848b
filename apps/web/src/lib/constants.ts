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
  /** Reconnect delays grow from the first to the last, doubling each failed attempt, with jitter. */
  socketReconnectDelayMinMs: 1_000,
  socketReconnectDelayMaxMs: 30_000,
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
} as const;
