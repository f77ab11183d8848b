import { describe, expect, it } from 'vitest';
import { numberTextIssue, SetStopRequest, SubmitOrderRequest } from './trading';

const ORDER = { type: 1, status: 1, cont: '0.01', forex_id: 13, multiple: 2 };

/** The first message key a submit with these fields is refused with, or undefined when accepted. */
function submitIssue(fields: Record<string, unknown>): string | undefined {
  const parsed = SubmitOrderRequest.safeParse({ ...ORDER, ...fields });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('number texts of an order', () => {
  it('pass plain decimals, empty text, signs and words on to the domain rules', () => {
    for (const text of ['0', '0.01', '95000.00', '.5', '7.', '-1', '+2', '', 'lots', '1000000000000000'])
      expect(numberTextIssue(text), text).toBeUndefined();
    // The column's limits: 22 integer digits and 8 places (zeros that change nothing do not count).
    expect(numberTextIssue('1234567890123456789012.12345678')).toBeUndefined();
    expect(numberTextIssue('0001.1000000000')).toBeUndefined();
  });

  it('refuse exponents, Infinity, NaN and other number forms as not plain', () => {
    for (const text of [
      '1e22',
      '1e308',
      '1E5',
      '1e+308',
      '1e-7',
      'Infinity',
      '-Infinity',
      'NaN',
      'inf',
      '0x10',
      '1.2.3',
    ])
      expect(numberTextIssue(text), text).toBe('validation.number_plain');
  });

  it('refuse more digits than numeric(30, 8) holds', () => {
    expect(numberTextIssue('12345678901234567890123')).toBe('validation.number_too_long');
    expect(numberTextIssue('123456789012345678901234567890')).toBe('validation.number_too_long');
    expect(numberTextIssue('0.000000001')).toBe('validation.number_too_long');
  });

  it('apply to every lots, leverage and price field, as text or JSON number', () => {
    for (const field of ['cont', 'multiple', 'target_price', 'stop_loss_price', 'target_profit_price']) {
      expect(submitIssue({ [field]: '1e22' }), field).toBe('validation.number_plain');
      expect(submitIssue({ [field]: 1e308 }), field).toBe('validation.number_plain');
      expect(submitIssue({ [field]: '123456789012345678901234567890' }), field).toBe(
        'validation.number_too_long',
      );
    }
    expect(submitIssue({ target_profit_price: '1000000000000000' })).toBeUndefined();
    const stops = SetStopRequest.safeParse({ id: 1, stop_loss_price: 'NaN' });
    expect(stops.success ? undefined : stops.error.issues[0]?.message).toBe('validation.number_plain');
  });
});
