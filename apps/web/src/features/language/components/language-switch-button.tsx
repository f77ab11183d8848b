import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@meridian/contract/languages';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../stores/language-store';

type LanguageSwitchButtonProps = {
  onClick: () => void;
  /** Shows the current language's name beside the globe (roomy headers such as the login page). */
  showName?: boolean;
};

export function LanguageSwitchButton({ onClick, showName = false }: LanguageSwitchButtonProps) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  return (
    <button
      type="button"
      className="header-button language-switch"
      onClick={onClick}
      aria-label={t('common.switchLanguage')}
    >
      <GlobalOutline fontSize={22} />
      {showName && (
        <span className="header-button-text" lang={LANGUAGE_TAGS[language]}>
          {LANGUAGE_NAMES[language]}
        </span>
      )}
    </button>
  );
}
