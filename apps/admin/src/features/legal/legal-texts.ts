import { LANGUAGES, type Language } from '@meridian/contract/languages';

/** The publish form's values: a title and a text per language, any of them left empty. */
export type LanguageTexts = Partial<Record<Language, { title?: string; content?: string }>>;

/**
 * The texts to send: every language where a title or a text was written, both trimmed; the server
 * checks them, and requires the default language's.
 */
export function textsOf(
  values: LanguageTexts,
): Partial<Record<Language, { title: string; content: string }>> {
  const texts: Partial<Record<Language, { title: string; content: string }>> = {};
  for (const language of LANGUAGES) {
    const title = values[language]?.title?.trim() ?? '';
    const content = values[language]?.content?.trim() ?? '';
    if (title !== '' || content !== '') texts[language] = { title, content };
  }
  return texts;
}
