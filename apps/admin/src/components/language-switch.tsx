import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AdminLanguage, changeLanguage } from '../lib/i18n';

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented<AdminLanguage>
      value={i18n.language === 'hk' ? 'hk' : 'en'}
      options={[
        { label: 'English', value: 'en' },
        { label: '繁體中文', value: 'hk' },
      ]}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
