import type { BasicInfo } from '@meridian/contract/settings';

/** The base settings as the server sends them; without `price_source` unless a test gives one. */
export function basicInfoFixture(overrides: Partial<BasicInfo> = {}): Partial<BasicInfo> {
  return {
    service_link: '',
    service_link_type: 1,
    verify_reg_type: 1,
    trade_fee_type: 1,
    is_show_mobile: 1,
    company_name: 'Meridian',
    ...overrides,
  };
}
