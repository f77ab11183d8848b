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

/** Base settings of spec section 3. */
export const BasicInfo = z.object({
  service_link: serverText(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
  is_show_mobile: z.number().int(),
  company_name: serverText(),
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
