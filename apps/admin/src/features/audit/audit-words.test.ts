import { AUDIT_ACTIONS } from '@meridian/contract/audit-actions';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import hk from '../../locales/hk.json';
import { actionPhrase, actionPhraseKey, detailValue, targetPhrase } from './audit-words';

function at(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

/** A stand-in for i18next's t over one language file: interpolates {{name}}, falls back as t does. */
function tOf(tree: unknown): TFunction {
  return ((key: string, options: Record<string, unknown> = {}) => {
    const found = at(tree, key);
    if (typeof found !== 'string') return String(options.defaultValue ?? key);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
  }) as unknown as TFunction;
}

describe('audit phrases', () => {
  it('name every action the server can write, in every language, in words', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(40);
    for (const [language, tree] of [
      ['en', en],
      ['hk', hk],
    ] as const) {
      for (const action of AUDIT_ACTIONS) {
        const phrase = at(tree, actionPhraseKey(action));
        expect(typeof phrase, `${language} ${action}`).toBe('string');
        expect(String(phrase).trim(), `${language} ${action}`).not.toBe('');
        expect(String(phrase), `${language} ${action}`).not.toContain('_');
        expect(actionPhrase(tOf(tree), action)).toBe(phrase);
      }
    }
    expect(actionPhrase(tOf(en), 'funds.withdrawals_read')).toBe('Viewed withdrawals');
  });

  it('show an action a newer server wrote as it is, not hidden', () => {
    expect(actionPhrase(tOf(en), 'future.thing')).toBe('future.thing');
  });

  it('name objects in words, staff by name when known', () => {
    const t = tOf(en);
    expect(targetPhrase(t, 'user:6')).toBe('Customer #6');
    expect(targetPhrase(t, 'withdrawal:12')).toBe('Withdrawal #12');
    expect(targetPhrase(t, 'setting:demo_balance')).toBe('Setting “demo_balance”');
    expect(targetPhrase(t, 'staff:3', new Map([[3, 'Ana Admin']]))).toBe('Ana Admin (#3)');
    expect(targetPhrase(t, 'staff:4', new Map([[3, 'Ana Admin']]))).toBe('Staff member #4');
    expect(targetPhrase(tOf(hk), 'user:6')).toBe('客戶 #6');
    expect(targetPhrase(t, 'mystery:1')).toBe('mystery:1');
    expect(targetPhrase(t, null)).toBe('-');
  });

  it('show recorded values as people read them', () => {
    expect(detailValue('1000000.00000000')).toBe('1,000,000');
    expect(detailValue('0.50')).toBe('0.5');
    expect(detailValue(null)).toBe('-');
    expect(detailValue('USDT')).toBe('USDT');
    expect(detailValue({ a: 1 })).toBe('{"a":1}');
    expect(detailValue('2026-11-27T10:41:07.000Z')).toMatch(/2026.*:07/);
  });
});
