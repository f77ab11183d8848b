import { normalizeLanguage } from '@meridian/contract/languages';
import { useTranslation } from 'react-i18next';
import { contentLanguageProps } from '../../../lib/content-language';
import './news.css';

/**
 * "Not available in your language": shown on a story the server answered in its default language
 * because it has no version in the reader's. The note is in the reader's language and direction,
 * even inside a story that runs the other way.
 */
export function OtherLanguageNote({ language }: { language: string }) {
  const { t, i18n } = useTranslation();
  const reader = normalizeLanguage(i18n.language);
  if (normalizeLanguage(language) === reader) return null;
  return (
    <span className="pill-tag news-language-note" {...contentLanguageProps(reader)}>
      {t('news.otherLanguage')}
    </span>
  );
}
