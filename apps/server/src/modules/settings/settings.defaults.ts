/**
 * Settings that the back office can change, with the value a fresh installation starts with.
 * Values are stored as text; each reader parses its own.
 */
export const DEFAULT_SETTINGS = {
  /** Customer-service link: by default our own built-in chat. */
  service_link: '/mine/chat',
  /** 2 = dialog with copy button, 3 = same window, other = new window (spec section 2). */
  service_link_type: '3',
  /** 2 = image captcha at registration, otherwise a code by e-mail or SMS. */
  verify_reg_type: '1',
  /** 1 = fee is rate x lots, otherwise rate x margin (spec section 9). */
  trade_fee_type: '1',
  /** 1 = registration shows area code + number, 3 = number only. */
  is_show_mobile: '1',
  /** Virtual balance of a demo account, in USDT. */
  demo_balance: '100000',
  /** Risk rate (percent) at or below which the engine stops positions out. */
  stop_out_level: '50',
  company_name: 'Meridian Markets',
  /** Where complaints go (`GET /api/company/complaint_email`, the page /mine/email). */
  complaint_email: 'complaints@meridian-markets.com',
  /**
   * 0 = the company operates normally; any other value makes the app send the browser to
   * company_loss_url (spec section 7, getCompanyStatus), for a service that has been wound down.
   */
  company_status: '0',
  company_loss_url: '',
  /**
   * Seed of the built-in price simulator: the same seed and clock give the same prices. Read at
   * start; a change applies from the next start.
   */
  simulator_seed: '20261118',
  /**
   * Withdrawals of more than this many USDT need the approval of two different staff members
   * (four-eyes) before they are paid, and so do deposit credits of more than this many USDT.
   * The name stays as it was: operators' scripts are written against it.
   */
  withdraw_four_eyes_usd: '10000',
  /**
   * A deposit credit may differ from the suggested credit (reported number x USD per unit) by up to
   * this percent of it with one approver; further off, it needs a second, different one.
   */
  deposit_tolerance_percent: '1',
  /**
   * Hours a proposed control change (a deposit channel, a money setting, a new admin) waits for a
   * second admin's decision before it expires and can no longer be approved.
   */
  proposal_expiry_hours: '48',
  /**
   * A real feed's quote whose mid moves more than this many times the median move of the last 100
   * accepted quotes (never less than 5 price steps) is held until the next quote confirms it
   * (packages/domain quote-checks.ts). Read by the running feed within seconds of a change.
   */
  feed_spike_factor: '20',
  /**
   * During trading hours, an instrument without a good quote from a real feed for this many seconds
   * is stale: "prices paused", no order accepted, no trigger filled, until the next good quote.
   */
  feed_stale_seconds: '10',
  /**
   * 1 = real accounts may open orders while the prices are simulated (the primary feed is the
   * built-in simulator); 0 (default) = they are refused, and copies onto real accounts skipped.
   * Demo accounts always trade; closing and editing stops are always allowed.
   */
  real_trading_on_simulated_prices: '0',
} as const;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;
