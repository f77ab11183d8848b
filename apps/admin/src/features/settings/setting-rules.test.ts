import { describe, expect, it } from 'vitest';
import { settingIssue, UNITS } from './setting-rules';

describe('settingIssue', () => {
  it('passes a value the rule takes, spaces aside', () => {
    expect(settingIssue('service_link_type', ' 2 ')).toBeUndefined();
    expect(settingIssue('stop_out_level', '50')).toBeUndefined();
  });

  it("names a refused choice by the screen's message key, with the options", () => {
    expect(settingIssue('service_link_type', '4')).toEqual({
      messageKey: 'settings.issues.setting_choice',
      params: { options: '1, 2, 3' },
    });
  });

  it('refuses an empty value and a link that is neither a path nor https', () => {
    expect(settingIssue('service_link_type', undefined)?.messageKey).toBe('settings.issues.setting_choice');
    expect(settingIssue('service_link', 'http://chat.example.com')).toEqual({
      messageKey: 'settings.issues.setting_link',
      params: {},
    });
  });
});

describe('UNITS', () => {
  it('puts USDT after money and % after rates', () => {
    expect(UNITS).toEqual({
      demo_balance: 'USDT',
      stop_out_level: '%',
      withdraw_four_eyes_usd: 'USDT',
      deposit_tolerance_percent: '%',
    });
  });
});
