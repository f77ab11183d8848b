import { LANGUAGE_NAMES } from '@meridian/contract/languages';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LANGUAGES, type AdminLanguage, changeLanguage } from '../lib/i18n';

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented<AdminLanguage>
      value={i18n.language === 'hk' ? 'hk' : 'en'}
      options={ADMIN_LANGUAGES.map((language) => ({ label: LANGUAGE_NAMES[language], value: language }))}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
