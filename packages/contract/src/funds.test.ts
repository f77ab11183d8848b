import { describe, expect, it } from 'vitest';
import { CoinDepositRequest, DrawRequest } from './funds';

const DRAW = { draw_currency_id: 1, number: '100', password: 'secret123', draw_method_id: 2 };

function drawIssue(fields: Record<string, unknown>): string | undefined {
  const parsed = DrawRequest.safeParse({ ...DRAW, ...fields });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('amount texts of funds calls', () => {
  it('pass plain decimals, as text or number, and signs on to the domain rule', () => {
    for (const number of ['100', '0.5', '.5', '7.', 12.25, '-3', '0'])
      expect(drawIssue({ number }), String(number)).toBeUndefined();
  });

  it('refuse an empty amount as required, and anything but a plain number', () => {
    expect(drawIssue({ number: '' })).toBe('validation.required');
    expect(drawIssue({ number: '  ' })).toBe('validation.required');
    expect(drawIssue({ number: '1e5' })).toBe('validation.number_plain');
    expect(drawIssue({ number: 'NaN' })).toBe('validation.number_plain');
    expect(drawIssue({ number: 'ten' })).toBe('validation.invalid_number');
    expect(drawIssue({ number: '1,5' })).toBe('validation.number_plain');
    expect(drawIssue({ number: '1\u00005' })).toBeDefined();
    expect(drawIssue({ number: '12345678901234567890123' })).toBe('validation.number_too_long');
  });

  it('keep the spec field names of a coin deposit', () => {
    const parsed = CoinDepositRequest.parse({ number: '25', proofImg: 'x', address: ' T1 ', charge_id: '3' });
    expect(parsed).toEqual({ number: '25', proofImg: 'x', address: 'T1', charge_id: 3 });
  });
});
