/**
 * The wire limits: what a client must know to send a valid request or to show an answer (text
 * lengths, digits, page sizes, answer sizes), shared by the server and the apps. Units are in the
 * name. The server's own tuning (time-outs, rates, buffers, batch sizes) lives in
 * apps/server/src/limits.ts.
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

  // Verification codes and captchas.
  verificationCodeDigits: 6,
  verificationCodeResendSeconds: 60,
  captchaLength: 4,
  captchaKeyLengthMax: 64,
  /** Longest text accepted in `sms_code`: a 6-digit code or a captcha answer. */
  registrationCodeLengthMax: 16,

  // Market data.
  /** Candles answered by one kline call; older ones are paged with `before`. */
  klineCandlesMax: 300,
  /** Hourly closes in a home-list sparkline (a day). */
  sparklinePoints: 24,
  searchTextLengthMax: 32,

  // Uploads (POST /api/common/image_upload). Photos from phones are 2 to 6 MB.
  uploadBytesMax: 8 * 1024 * 1024,
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
  /** Back office: a story's title, summary and cover address; a page of stories; company fields. */
  contentTitleLengthMax: 200,
  /** Back office: one language's text of the terms or the risk warning (plain text). */
  legalTextLengthMax: 50_000,
  /** Back office: versions of one legal document listed at most (newest first). */
  legalVersionsListedMax: 50,
  contentSummaryLengthMax: 500,
  contentImageLengthMax: 500,
  contentStaffPageSizeDefault: 20,
  companyFieldLengthMax: 300,
  /** Companies the back office lists at once (the group has a handful). */
  companiesStaffMax: 200,

  // Customer-service chat.
  supportTextLengthMax: 2000,
  supportPageSizeDefault: 30,
  /** Outbox messages per page of the back office's outbox viewer. */
  outboxPageSizeDefault: 25,

  // Back office (staff) accounts.
  staffNameLengthMax: 80,
  /** The audit log's filters: an action name, a target (`kind:id`), and the page size. */
  auditActionLengthMax: 64,
  auditTargetLengthMax: 64,
  auditPageSizeDefault: 50,
  /** A staff password chosen on the enrolment page (the first admin's comes from the command line). */
  staffPasswordLengthMin: 12,
  /** A recovery code as typed (ten characters in two groups, with room for spaces). */
  staffRecoveryCodeLengthMax: 32,
  /** An enrolment link's token (32 random bytes in base64url are 43 characters). */
  staffEnrolmentTokenLengthMax: 128,

  // Back office: customers.
  /** A customer search: a uid, an e-mail or a mobile number as typed. */
  customerSearchLengthMax: 120,
  customerSearchPageSizeDefault: 20,
  /** Staff's internal note on a customer. */
  customerNoteLengthMax: 2000,
  /** Why a customer's login was disabled (kept in the audit log). */
  loginDisableReasonLengthMax: 300,

  // Trading.
  /** Orders per page of my_deal (the order list's 10 skeleton rows). */
  orderPageSizeDefault: 10,
  /** Entries per page of the billing history. */
  ledgerPageSizeDefault: 20,
  idempotencyKeyLengthMax: 64,
  /** Longest text of a lots or price field. */
  tradeNumberTextLengthMax: 32,
  /** Digits of a lots, leverage or price field: what the orders' numeric(30, 8) columns hold. */
  tradeNumberIntegerDigitsMax: 22,
  tradeNumberDecimalPlacesMax: 8,

  // Copy trading.
  traderNameLengthMin: 2,
  traderNameLengthMax: 32,
  /** Traders answered by the ranking (GET /api/follow/list). */
  rankingEntriesMax: 100,
  /** Lots multiplier of a ratio follow: 0.01x to 100x. */
  copyRatioMin: '0.01',
  copyRatioMax: '100',
  /** The amount a follow copies with (USDT): its scale and its copy stop-loss's base. */
  copyAmountMin: '10',
  copyAmountMax: '10000000',
  /** Decimal places of a ratio, an amount and a copy stop-loss percentage. */
  copyDecimalPlacesMax: 2,
  /** Closed orders on a trader profile. */
  traderRecentOrdersMax: 20,
  /** Points of a trader profile's equity curve (older points are thinned out). */
  traderCurvePointsMax: 400,
  /** Copy orders per page of my copied orders. */
  copyOrdersPageSizeDefault: 10,
  /** Recorded skips answered per follow. */
  copySkipsMax: 50,

  // Funds: deposits, withdrawals, the wallet.
  /** Longest text of an amount field. */
  fundsAmountTextLengthMax: 32,
  /** Records per page of the deposit and withdrawal lists. */
  fundsPageSizeDefault: 10,
  /** A withdrawal's number is USDT at cents. */
  withdrawDecimalPlacesMax: 2,
  withdrawMemoLengthMax: 200,
  /** A coin address (a bech32 address is at most 90 characters). */
  coinAddressLengthMax: 128,
  bankFieldLengthMax: 140,
  /** A BIC is 8 or 11 characters; room for spaces typed in it. */
  bankSwiftLengthMax: 16,
  /** An account number or IBAN (at most 34 characters), with spaces typed in it. */
  bankAccountLengthMax: 64,
  payoutReferenceLengthMax: 200,
  /** Bound coin addresses and bank accounts per customer. */
  drawMethodsPerUserMax: 20,

  // Back office: instrument terms and settings (packages/contract/src/instruments-staff.ts, settings-staff.ts).
  /** Spread: a fraction of the mid price on each side; 0.1 (10 %) is far past any real market. */
  instrumentSpreadMax: '0.1',
  /** Lots (minimum, maximum) and the lot step: at most this many lots in one order. */
  instrumentLotsMax: '10000',
  /** Fee rate: USDT per lot (trade_fee_type 1) or a fraction of the margin (2). */
  instrumentFeeRateMax: '100000',
  /** Decimal places of every term (the numeric(30, 8) columns). */
  instrumentTermPlacesMax: 8,
  instrumentTermTextLengthMax: 24,
  instrumentLeverageMax: 1000,
  instrumentLeverageChoicesMax: 10,
  instrumentPricePrecisionMax: 8,
  /** A real feed's symbol for an instrument (FIX 55, a venue's stream symbol): room for any venue's. */
  instrumentFeedSymbolLengthMax: 32,
  /** Markup in price points on each side of a real feed's quote (the column's check, migration 0019). */
  instrumentMarkupPointsMax: 1_000_000,
  /** A setting's value as sent (the service link is the longest). */
  settingValueLengthMax: 500,

  // Transport.
  /** Larger request bodies are refused with HTTP 413. */
  requestBodyBytesMax: 1024 * 1024,
  genericTextLengthMax: 500,
  /** The `t` cache buster is a timestamp (13 digits); this leaves room for any client's. */
  cacheBusterLengthMax: 64,
  pageSizeMax: 50,
  /** Rows of one CSV export of a back-office list (the whole filtered, sorted list up to this; the file and the screen say when it was cut). */
  listExportRowsMax: 10_000,
  /** Highest page number of a list: far past any real list, and its offset stays an exact bigint. */
  pageNumberMax: 100_000,
} as const;
