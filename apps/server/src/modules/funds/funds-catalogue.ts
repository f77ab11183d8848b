/**
 * The funds reference data a fresh installation starts with: coin channels, bank
 * currencies with a wire account each, and withdraw currencies. Seeded at every start, adding only
 * what is missing, so staff edits are kept.
 *
 * The receiving addresses and wire accounts are PLACEHOLDERS, marked as such in the data
 * (`address_placeholder`, `placeholder`) and in their text, and not valid on any network: nobody can
 * send real money to them by mistake. Staff set the real ones (POST /admin/api/funds/channels/update),
 * which clears the mark. Amounts are in the channel's currency; withdraw bounds and fees in USDT.
 */

type CoinChannelSeed = {
  currencyCode: string;
  protocolCode: string;
  minNumber: string;
  maxNumber: string;
  decimals: number;
  /** The fallback USD value of one unit when the market has no live price for `priceCode`. */
  usdPerUnit: string;
  priceCode: string | null;
  sortOrder: number;
};

export const placeholderAddress = (currency: string, network: string) =>
  `PLACEHOLDER-${currency}-${network}-ADDRESS-NOT-SET`;

export const COIN_CHANNELS: readonly CoinChannelSeed[] = [
  {
    currencyCode: 'USDT',
    protocolCode: 'TRC20',
    minNumber: '10',
    maxNumber: '1000000',
    decimals: 6,
    usdPerUnit: '1',
    priceCode: null,
    sortOrder: 1,
  },
  {
    currencyCode: 'USDT',
    protocolCode: 'ERC20',
    minNumber: '10',
    maxNumber: '1000000',
    decimals: 6,
    usdPerUnit: '1',
    priceCode: null,
    sortOrder: 2,
  },
  {
    currencyCode: 'BTC',
    protocolCode: 'BTC',
    minNumber: '0.0001',
    maxNumber: '100',
    decimals: 8,
    usdPerUnit: '95000',
    priceCode: 'BTCUSDT',
    sortOrder: 3,
  },
  {
    currencyCode: 'ETH',
    protocolCode: 'ETH',
    minNumber: '0.001',
    maxNumber: '1000',
    decimals: 8,
    usdPerUnit: '3400',
    priceCode: 'ETHUSDT',
    sortOrder: 4,
  },
];

type BankCurrencySeed = {
  code: string;
  name: string;
  minNumber: string;
  maxNumber: string;
  usdPerUnit: string;
  priceCode: string | null;
  sortOrder: number;
  /** The Japanese branch name of its wire account (spec: "Japanese adds branch name"). */
  branchName: string;
};

export const BANK_CURRENCIES: readonly BankCurrencySeed[] = [
  {
    code: 'USD',
    name: 'USD',
    minNumber: '100',
    maxNumber: '1000000',
    usdPerUnit: '1',
    priceCode: null,
    sortOrder: 1,
    branchName: '',
  },
  {
    code: 'EUR',
    name: 'EUR',
    minNumber: '100',
    maxNumber: '1000000',
    usdPerUnit: '1.085',
    priceCode: 'EURUSD',
    sortOrder: 2,
    branchName: '',
  },
  {
    code: 'GBP',
    name: 'GBP',
    minNumber: '100',
    maxNumber: '1000000',
    usdPerUnit: '1.27',
    priceCode: 'GBPUSD',
    sortOrder: 3,
    branchName: '',
  },
  {
    code: 'HKD',
    name: 'HKD',
    minNumber: '800',
    maxNumber: '8000000',
    usdPerUnit: '0.128',
    priceCode: null,
    sortOrder: 4,
    branchName: '',
  },
  {
    code: 'JPY',
    name: 'JPY',
    minNumber: '15000',
    maxNumber: '150000000',
    usdPerUnit: '0.0066',
    priceCode: null,
    sortOrder: 5,
    branchName: 'PLACEHOLDER BRANCH (NOT SET)',
  },
];

export const placeholderPayeeAccount = (currency: string) => `PLACEHOLDER-${currency}-ACCOUNT-NOT-SET`;

/** The placeholder wire account of a bank currency, until staff enter the real one. */
export function placeholderWireAccount(currency: BankCurrencySeed) {
  return {
    bankName: `PLACEHOLDER BANK FOR ${currency.code} (NOT SET)`,
    bankAddress: 'PLACEHOLDER ADDRESS (NOT SET)',
    bankSwift: 'PLACEHOLDER',
    payeeName: 'PLACEHOLDER PAYEE (NOT SET)',
    payeeAccount: placeholderPayeeAccount(currency.code),
    bankRemark: 'Placeholder wire account of a fresh installation: do not send money to it.',
    branchName: currency.branchName,
  };
}

type DrawCurrencySeed = {
  type: 'coin' | 'bank';
  code: string;
  protocol: string;
  drawRate: string;
  feeType: number;
  usdPrice: string;
  minNumber: string;
  maxNumber: string;
  sortOrder: number;
};

/**
 * Withdraw currencies. Coins are paid in USDT only: the spec's receive amount has 2 places, which
 * suits a stable coin and bank currencies but would round a BTC payout to nothing.
 */
export const DRAW_CURRENCIES: readonly DrawCurrencySeed[] = [
  {
    type: 'coin',
    code: 'USDT',
    protocol: 'TRC20',
    drawRate: '1',
    feeType: 1,
    usdPrice: '1',
    minNumber: '10',
    maxNumber: '100000',
    sortOrder: 1,
  },
  {
    type: 'coin',
    code: 'USDT',
    protocol: 'ERC20',
    drawRate: '5',
    feeType: 1,
    usdPrice: '1',
    minNumber: '20',
    maxNumber: '100000',
    sortOrder: 2,
  },
  {
    type: 'bank',
    code: 'USD',
    protocol: '',
    drawRate: '0.001',
    feeType: 2,
    usdPrice: '1',
    minNumber: '100',
    maxNumber: '500000',
    sortOrder: 3,
  },
  {
    type: 'bank',
    code: 'EUR',
    protocol: '',
    drawRate: '0.001',
    feeType: 2,
    usdPrice: '0.92',
    minNumber: '100',
    maxNumber: '500000',
    sortOrder: 4,
  },
  {
    type: 'bank',
    code: 'GBP',
    protocol: '',
    drawRate: '0.001',
    feeType: 2,
    usdPrice: '0.787',
    minNumber: '100',
    maxNumber: '500000',
    sortOrder: 5,
  },
  {
    type: 'bank',
    code: 'HKD',
    protocol: '',
    drawRate: '0.001',
    feeType: 2,
    usdPrice: '7.8',
    minNumber: '100',
    maxNumber: '500000',
    sortOrder: 6,
  },
  {
    type: 'bank',
    code: 'JPY',
    protocol: '',
    drawRate: '0.001',
    feeType: 2,
    usdPrice: '151.2',
    minNumber: '100',
    maxNumber: '500000',
    sortOrder: 7,
  },
];
