import {
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  type Language,
  normalizeLanguage,
} from '@meridian/contract/languages';
import type { LegalCurrent, LegalKind, LegalVersionSummary } from '@meridian/contract/legal';
import { Checkbox, Form, Popup, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLegalText } from '../api/get-legal';
import './legal-acceptance.css';

const LABEL_KEYS: Record<LegalKind, string> = { terms: 'auth.acceptTerms', risk: 'auth.acceptRisk' };
const REQUIRED_KEYS: Record<LegalKind, string> = { terms: 'auth.termsRequired', risk: 'auth.riskRequired' };

/** The form's field of each document: `accept_terms`, `accept_risk`. */
export const acceptFieldOf = (kind: LegalKind) => `accept_${kind}` as const;

type LegalAcceptanceProps = { current: LegalCurrent };

/**
 * The sign-up's two boxes: each names its document with a link that opens the
 * text, in the reader's language, over the form (the form keeps what was typed). A document never
 * published asks for nothing.
 */
export function LegalAcceptance({ current }: LegalAcceptanceProps) {
  const [reading, setReading] = useState<LegalVersionSummary | null>(null);
  const documents = [current.terms, current.risk].filter(
    (document): document is LegalVersionSummary => document !== null,
  );
  return (
    <div className="legal-acceptance">
      {documents.map((document) => (
        <AcceptanceBox key={document.kind} document={document} onRead={() => setReading(document)} />
      ))}
      <LegalTextPopup document={reading} onClose={() => setReading(null)} />
    </div>
  );
}

function AcceptanceBox({ document, onRead }: { document: LegalVersionSummary; onRead: () => void }) {
  const { t } = useTranslation();
  const message = t(REQUIRED_KEYS[document.kind]);
  return (
    <div className="legal-acceptance-row">
      <Form.Item
        name={acceptFieldOf(document.kind)}
        valuePropName="checked"
        noStyle
        rules={[
          {
            validator: (_rule, value) =>
              value === true ? Promise.resolve() : Promise.reject(new Error(message)),
          },
        ]}
      >
        <Checkbox className="legal-acceptance-box" data-testid={`accept-${document.kind}`}>
          {t(LABEL_KEYS[document.kind])}
        </Checkbox>
      </Form.Item>{' '}
      <a
        className="legal-acceptance-link"
        href={`/legal?kind=${document.kind}`}
        onClick={(event) => {
          event.preventDefault();
          onRead();
        }}
      >
        {document.title}
      </a>
      <Form.Item noStyle shouldUpdate>
        {(form) => {
          const errors = form.getFieldError(acceptFieldOf(document.kind));
          return errors.length > 0 ? (
            <div className="legal-acceptance-error" role="alert">
              {errors[0]}
            </div>
          ) : null;
        }}
      </Form.Item>
    </div>
  );
}

function LegalTextPopup({
  document,
  onClose,
}: {
  document: LegalVersionSummary | null;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={document !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="legal-popup"
      destroyOnClose
      showCloseButton
    >
      {document && <LegalTextView kind={document.kind} version={document.version} />}
    </Popup>
  );
}

/** A version's text; a note says when it is shown in the default language instead of the reader's. */
export function LegalTextView({ kind, version }: { kind: LegalKind; version: number }) {
  const { t, i18n } = useTranslation();
  const text = useLegalText(kind, version, i18n.language, true);
  if (text.isPending) {
    return (
      <div className="legal-text-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (!text.data) return <p className="legal-text-note">{t('auth.legalUnavailable')}</p>;
  const shown = text.data;
  const shownLanguage: Language = normalizeLanguage(shown.language);
  const date = new Date(shown.published_at).toLocaleDateString(
    LANGUAGE_TAGS[normalizeLanguage(i18n.language)],
  );
  return (
    // The text's own language and direction (a default-language text inside the Arabic app reads left to right).
    <article className="legal-text" lang={LANGUAGE_TAGS[shownLanguage]} dir="auto" data-testid="legal-text">
      <h2 className="legal-text-title">{shown.title}</h2>
      <p className="legal-text-version">{t('auth.legalVersion', { version: shown.version, date })}</p>
      {shown.fallback && (
        <p className="legal-text-note">
          {t('auth.legalFallback', { language: LANGUAGE_NAMES[shownLanguage] })}
        </p>
      )}
      {shown.content.split(/\n{2,}/).map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order is the text's.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static text's paragraphs
        <p key={index} className="legal-text-paragraph">
          {paragraph}
        </p>
      ))}
    </article>
  );
}
