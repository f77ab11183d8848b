import { z } from 'zod';
import { cacheBuster, serverText } from './fields';

/** Area code of spec section 3, with the country's name in the request's language. */
export const AreaCode = z.object({
  id: z.number().int(),
  global_code: serverText(),
  code: serverText(),
  name: serverText(),
});
export const AreaList = z.array(AreaCode);
export type AreaCode = z.infer<typeof AreaCode>;

/**
 * Where the prices shown and traded come from: `simulated` when the installation's
 * primary feed is the built-in simulator, `live` when it is a provider's (FIX) or an exchange's stream.
 * The apps label simulated prices so a customer can tell.
 */
export const PriceSource = z.enum(['simulated', 'live']);
export type PriceSource = z.infer<typeof PriceSource>;

export { SERVICE_LINK_TYPE, TRADE_FEE_TYPE, VERIFY_REG_TYPE } from './settings-codes';

/** Base settings of spec section 3, and the price source (a field the spec does not name). */
export const BasicInfo = z.object({
  service_link: serverText(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
  is_show_mobile: z.number().int(),
  company_name: serverText(),
  price_source: PriceSource,
});
export type BasicInfo = z.infer<typeof BasicInfo>;

/** Public settings readable through `GET /api/default/setting?key=`. */
export const PUBLIC_SETTING_KEYS = ['is_show_mobile', 'verify_reg_type'] as const;
export const SettingQuery = z.object({
  key: z.enum(PUBLIC_SETTING_KEYS, { error: 'validation.setting_key' }),
  t: cacheBuster,
});
export const SettingValue = z.object({ key: serverText(), value: serverText() });

export const Captcha = z.object({ key: serverText(), image: serverText() });
export type Captcha = z.infer<typeof Captcha>;

export const NoQuery = z.object({ t: cacheBuster });
