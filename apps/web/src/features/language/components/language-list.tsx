import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '@meridian/contract/languages';
import { CheckList } from 'antd-mobile';
import { useLanguageStore } from '../stores/language-store';
import './language-list.css';

type LanguageListProps = { onChosen: (language: Language) => void };

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The 15 languages, each by its own name, with the current one checked. */
export function LanguageList({ onChosen }: LanguageListProps) {
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);

  const choose = (values: (string | number)[]) => {
    // Tapping the checked row again unchecks it in CheckList; that still means "this one".
    const chosen = values[0] ?? language;
    if (!isLanguage(chosen)) return;
    setLanguage(chosen);
    onChosen(chosen);
  };

  return (
    <CheckList className="language-list" value={[language]} onChange={choose}>
      {LANGUAGES.map((code) => (
        <CheckList.Item key={code} value={code}>
          <span lang={LANGUAGE_TAGS[code]}>{LANGUAGE_NAMES[code]}</span>
        </CheckList.Item>
      ))}
    </CheckList>
  );
}
