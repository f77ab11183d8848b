import { type IdentifierType, mobileField } from '@meridian/contract/auth';
import { email } from '@meridian/contract/fields';
import type { AreaCode } from '@meridian/contract/settings';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { filledRule, schemaRule } from '../../../lib/form-rules';
import type { MobileFieldMode } from '../utils/mobile-mode';
import { AreaCodeSelect } from './area-code-select';

export type AccountFieldsProps = {
  type: IdentifierType;
  areas: AreaCode[];
  mobileMode: MobileFieldMode;
  /** Login asks "e-mail or phone" in one message (spec section 5); the other forms name the field. */
  purpose: 'login' | 'register' | 'forgot';
};

/** The identifier: an e-mail address, or an area code and a mobile number. */
export function AccountFields({ type, areas, mobileMode, purpose }: AccountFieldsProps) {
  const { t } = useTranslation();
  const isLogin = purpose === 'login';

  if (type === 'email') {
    return (
      <Form.Item
        name="account"
        label={t('auth.email')}
        rules={[
          filledRule(t(isLogin ? 'auth.accountRequired' : 'auth.emailRequired')),
          schemaRule(email(), t, 'auth.emailInvalid'),
        ]}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete={isLogin ? 'username' : 'email'}
          autoCapitalize="off"
          placeholder={t(isLogin ? 'auth.accountPlaceholder' : 'auth.emailPlaceholder')}
          clearable
        />
      </Form.Item>
    );
  }

  return (
    <Form.Item label={t('auth.mobile')} required>
      <div className="input-row">
        {mobileMode === 'area-and-number' && (
          <Form.Item name="area_id" noStyle>
            <AreaCodeSelect areas={areas} />
          </Form.Item>
        )}
        <Form.Item
          name="mobile"
          noStyle
          rules={[
            filledRule(t(isLogin ? 'auth.accountRequired' : 'auth.mobileRequired')),
            schemaRule(mobileField(), t, 'auth.mobileInvalid'),
          ]}
        >
          <Input
            className="input-row-main"
            type="tel"
            inputMode="numeric"
            autoComplete={isLogin ? 'username' : 'tel-national'}
            placeholder={t('auth.mobilePlaceholder')}
            maxLength={15}
            clearable
          />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
