import { password, verificationCode } from '@meridian/contract/fields';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { sameAsRule, schemaRule } from './form-rules';

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length > 0
    ? `${key} ${JSON.stringify(params)}`
    : key) as unknown as TFunction;

describe('schemaRule', () => {
  it('passes what the contract accepts and leaves emptiness to the required rule', async () => {
    const rule = schemaRule(password(), t, 'fallback');
    await expect(rule.validator({}, 'abc12345')).resolves.toBeUndefined();
    await expect(rule.validator({}, '')).resolves.toBeUndefined();
    await expect(rule.validator({}, undefined)).resolves.toBeUndefined();
  });

  it("speaks the contract's message with the contract's numbers", async () => {
    await expect(schemaRule(password(), t, 'fallback').validator({}, 'abc')).rejects.toThrow(
      'validation.password_length {"min":8,"max":64}',
    );
    await expect(schemaRule(password(), t, 'fallback').validator({}, 'abcdefgh')).rejects.toThrow(
      'validation.password_weak',
    );
    await expect(schemaRule(verificationCode(), t, 'fallback').validator({}, '12')).rejects.toThrow(
      'validation.code_format {"digits":6}',
    );
  });
});

describe('sameAsRule', () => {
  it('refuses a confirmation that differs', async () => {
    const rule = sameAsRule(() => 'abc12345', 'not equal');
    await expect(rule.validator({}, 'abc12345')).resolves.toBeUndefined();
    await expect(rule.validator({}, 'abc12346')).rejects.toThrow('not equal');
  });
});
