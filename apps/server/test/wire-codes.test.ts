import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CODE_PURPOSE } from '@meridian/contract/auth';
import { FOLLOW_MODE } from '@meridian/contract/copy';
import { ResponseCode } from '@meridian/contract/envelope';
import { DEPOSIT_TYPE, DRAW_TYPE, FEE_TYPE_FIXED, FUNDS_STATUS } from '@meridian/contract/funds-codes';
import { REVIEW_STATUS } from '@meridian/contract/kyc';
import {
  COMPANY_STATUS,
  SERVICE_LINK_TYPE,
  TRADE_FEE_TYPE,
  VERIFY_REG_TYPE,
} from '@meridian/contract/settings-codes';
import {
  ENTRY_TYPE,
  MARGIN_MODE,
  MARKET_STATUS,
  ORDER_STATUS,
  ORDER_TAB,
  ORDER_TYPE,
} from '@meridian/contract/trading-codes';
import { tradeFeeTypeOf } from '@meridian/domain/fee';
import { depositStatusOf, withdrawalStatusOf } from '@meridian/domain/funds-states';
import { marginModeOf } from '@meridian/domain/margin-mode';
import { marketStatus } from '@meridian/domain/market-session';
import { orderTypeOf, sideOfOrderType } from '@meridian/domain/side';
import { withdrawFeeTypeOf } from '@meridian/domain/withdraw-figures';
import { describe, expect, it } from 'vitest';
import { wireCodeComparisons } from './wire-codes';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The wire fields that carry numeric codes, each with the contract's names of its codes (so the
 * list follows the contract: a renamed or removed constant fails to compile here). camelCase and
 * PascalCase spellings are the apps' own copies of the same field (the web's quote store's
 * `marketStatus`, the server's rows). A new code field belongs here with its constant.
 */
const WIRE_CODE_FIELDS = {
  status: [FUNDS_STATUS, ENTRY_TYPE, ORDER_TAB, ORDER_STATUS, COMPANY_STATUS],
  Status: [ORDER_STATUS],
  type: [DEPOSIT_TYPE, DRAW_TYPE, ORDER_TYPE, CODE_PURPOSE],
  draw_type: [DRAW_TYPE],
  OrderType: [ORDER_TYPE],
  orderType: [ORDER_TYPE],
  EntryType: [ENTRY_TYPE],
  entryType: [ENTRY_TYPE],
  MarketStatus: [MARKET_STATUS],
  marketStatus: [MARKET_STATUS],
  margin_mode: [MARGIN_MODE],
  MarginMode: [MARGIN_MODE],
  marginMode: [MARGIN_MODE],
  mode: [FOLLOW_MODE],
  review_status: [REVIEW_STATUS],
  reviewStatus: [REVIEW_STATUS],
  fee_type: [{ fixed: FEE_TYPE_FIXED }],
  feeType: [{ fixed: FEE_TYPE_FIXED }],
  trade_fee_type: [TRADE_FEE_TYPE],
  tradeFeeType: [TRADE_FEE_TYPE],
  service_link_type: [SERVICE_LINK_TYPE],
  verify_reg_type: [VERIFY_REG_TYPE],
  code: [ResponseCode],
} as const satisfies Record<string, readonly Readonly<Record<string, number>>[]>;
const FIELDS = Object.keys(WIRE_CODE_FIELDS);

const SOURCE_DIRS = [
  'apps/admin/src',
  'apps/server/src',
  'apps/web/src',
  'packages/contract/src',
  'packages/domain/src',
];

/** Source files; tests may pin a wire value as a literal on purpose (that is what they check). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('wire codes: compared by name, never as a bare number', () => {
  it('finds a bare number compared with a wire field, either way round, and numeric cases of a switch on one', () => {
    const source = [
      "import { FUNDS_STATUS } from '@meridian/contract/funds-codes';",
      'const waiting = row.status === 0;',
      'const named = row.status === FUNDS_STATUS.unchecked;',
      'if (1 !== order?.OrderType) sell();',
      '// a comment may say row.status === 0 is waiting',
      'const many = rows.length === 0 && page.total !== 2;',
      'switch (deposit.type) {',
      '  case DEPOSIT_TYPE.coin:',
      '    break;',
      '  case 1:',
      '    break;',
      '}',
      'const http = status === 404;',
    ].join('\n');
    expect(wireCodeComparisons('made-up.ts', source, FIELDS)).toEqual([
      'made-up.ts:2: const waiting = row.status === 0;',
      'made-up.ts:4: if (1 !== order?.OrderType) sell();',
      'made-up.ts:10: case 1:',
    ]);
  });

  it('no source compares a wire field with a bare number: name the code from the contract', () => {
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(500);
    const problems = files.flatMap((file) =>
      wireCodeComparisons(path.relative(root, file), readFileSync(file, 'utf8'), FIELDS),
    );
    expect(problems, `compare with the contract's named code instead:\n${problems.join('\n')}`).toEqual([]);
  });
});

// The domain may not import the contract (STYLE.md), so its wire readings keep their own numbers:
// these pin them to the contract's names, so the two cannot drift apart.
describe("the domain's wire codes agree with the contract's", () => {
  it('funds statuses', () => {
    expect(depositStatusOf('pending')).toBe(FUNDS_STATUS.unchecked);
    expect(depositStatusOf('finished')).toBe(FUNDS_STATUS.finished);
    expect(depositStatusOf('rejected')).toBe(FUNDS_STATUS.rejected);
    expect(depositStatusOf('invalid')).toBe(FUNDS_STATUS.invalid);
    expect(withdrawalStatusOf('pending')).toBe(FUNDS_STATUS.unchecked);
    expect(withdrawalStatusOf('approved')).toBe(FUNDS_STATUS.unchecked);
    expect(withdrawalStatusOf('paid')).toBe(FUNDS_STATUS.finished);
    expect(withdrawalStatusOf('rejected')).toBe(FUNDS_STATUS.rejected);
  });

  it('order direction, margin mode and fee types', () => {
    expect(sideOfOrderType(ORDER_TYPE.buy)).toBe('buy');
    expect(sideOfOrderType(ORDER_TYPE.sell)).toBe('sell');
    expect(orderTypeOf('buy')).toBe(ORDER_TYPE.buy);
    expect(orderTypeOf('sell')).toBe(ORDER_TYPE.sell);
    expect(marginModeOf(MARGIN_MODE.fixed)).toBe('fixed');
    expect(marginModeOf(MARGIN_MODE.leveraged)).toBe('leveraged');
    expect(tradeFeeTypeOf(TRADE_FEE_TYPE.perLot)).toBe('perLot');
    expect(tradeFeeTypeOf(TRADE_FEE_TYPE.ofMargin)).toBe('ofMargin');
    expect(withdrawFeeTypeOf(FEE_TYPE_FIXED)).toBe('fixed');
  });

  it('market status', () => {
    expect(marketStatus('always', new Date('2026-11-28T12:00:00Z'))).toBe(MARKET_STATUS.open);
    // A Saturday noon: the weekly session is closed.
    expect(marketStatus('weekly', new Date('2026-11-28T12:00:00Z'))).toBe(MARKET_STATUS.closed);
  });
});
