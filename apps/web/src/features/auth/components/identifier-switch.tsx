import './auth-fields.css';
import type { IdentifierType } from '@meridian/contract/auth';
import { Segmented } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type IdentifierSwitchProps = {
  value: IdentifierType;
  onChange: (value: IdentifierType) => void;
};

/** E-mail or mobile: which identifier the customer signs in or up with. */
export function IdentifierSwitch({ value, onChange }: IdentifierSwitchProps) {
  const { t } = useTranslation();
  return (
    <Segmented
      className="identifier-switch"
      block
      value={value}
      onChange={(next) => onChange(next === 'mobile' ? 'mobile' : 'email')}
      options={[
        { label: t('auth.byEmail'), value: 'email' },
        { label: t('auth.byMobile'), value: 'mobile' },
      ]}
    />
  );
}
