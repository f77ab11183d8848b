import { LANGUAGES, type Language } from '@meridian/contract/languages';
import { describe, expect, it } from 'vitest';
import { SERVER_LOCALES, translate } from '../../../http/i18n';
import type { OutgoingMessage } from '../delivery';
import { escapeHtml } from './email-html';
import { CODE_VALIDITY_MINUTES, NOTICE_TYPES_WITH_SUBJECT } from './message-texts';
import { renderEmail } from './render-email';
import { renderSms } from './render-sms';

const AT = '2026-11-24T10:00:00.000Z';

function code(language: Language, purpose: number): OutgoingMessage {
  return {
    id: '41',
    channel: 'email',
    to: 'ada@example.com',
    language,
    kind: 'code',
    purpose,
    code: '482913',
    at: AT,
  };
}

/** The notices the funds and identity reviews send, with the parameters they give. */
const NOTICES: Array<{ type: string; key: string; params: Record<string, string | number> }> = [
  {
    type: 'funds.deposit_approved',
    key: 'notice.deposit_approved',
    params: { id: '7', number: '100', currency: 'USD', amount: '100.00', remark: '' },
  },
  {
    type: 'funds.deposit_rejected',
    key: 'notice.deposit_rejected',
    params: { id: '7', number: '100', currency: 'USD', amount: '0', remark: 'Proof <unreadable> & late' },
  },
  {
    type: 'funds.deposit_invalid',
    key: 'notice.deposit_invalid',
    params: { id: '7', number: '100', currency: 'USD', amount: '0', remark: 'Duplicate' },
  },
  {
    type: 'funds.withdrawal_paid',
    key: 'notice.withdrawal_paid',
    params: { id: '9', number: '50.00', receive: '49.00', currency: 'USDT', reference: 'TX-1', notes: '' },
  },
  {
    type: 'funds.withdrawal_rejected',
    key: 'notice.withdrawal_rejected',
    params: {
      id: '9',
      number: '50.00',
      receive: '49.00',
      currency: 'USDT',
      reference: '',
      notes: 'Wrong IBAN',
    },
  },
  { type: 'kyc.verified', key: 'notice.identity_verified', params: {} },
  { type: 'kyc.rejected', key: 'notice.identity_rejected', params: { reason: 'Photo blurred' } },
];

function notice(language: Language, index: number): OutgoingMessage {
  const { type, key, params } = NOTICES[index] ?? NOTICES[0]!;
  return {
    id: '42',
    channel: 'email',
    to: 'ada@example.com',
    language,
    kind: 'notice',
    type,
    key,
    params,
    at: AT,
  };
}

function mailTexts(language: Language): Record<string, unknown> {
  return SERVER_LOCALES[language].mail as Record<string, unknown>;
}

const ALL_MESSAGES = LANGUAGES.flatMap((language) => [
  ...[1, 2, 3, 9].map((purpose) => code(language, purpose)),
  ...NOTICES.map((_, index) => notice(language, index)),
]);

describe('e-mail and SMS templates', () => {
  it('exist in every language with the same keys as English', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    const english = keys(mailTexts('en')).sort();
    expect(english.length).toBeGreaterThan(20);
    for (const language of LANGUAGES) expect(keys(mailTexts(language)).sort(), language).toEqual(english);
  });

  it('give every notice type the funds and identity reviews send its own subject', () => {
    expect(NOTICES.map((item) => item.type).sort()).toEqual([...NOTICE_TYPES_WITH_SUBJECT].sort());
    for (const language of LANGUAGES) {
      const general = translate(language, 'mail.notice_subject.other', { brand: 'Meridian' });
      const subjects = NOTICES.map((_, index) => renderEmail(notice(language, index)).subject);
      expect(new Set(subjects).size, language).toBe(NOTICES.length);
      expect(subjects, language).not.toContain(general);
    }
  });

  it('leave no placeholder unfilled and no key unresolved, in any language', () => {
    for (const message of ALL_MESSAGES) {
      const email = renderEmail(message);
      const sms = renderSms(message);
      for (const text of [email.subject, email.text, email.html, sms]) {
        expect(text, `${message.language} ${message.kind}`).not.toMatch(/{{|}}|\bmail\.|\bnotice\./);
      }
    }
  });

  it('write a code e-mail with the code, its validity and the "not you" line in the language', () => {
    const english = renderEmail(code('en', 1));
    expect(english.subject).toBe('Your Meridian registration code');
    expect(english.text).toContain('482913');
    expect(english.text).toContain(`valid for ${CODE_VALIDITY_MINUTES} minutes`);
    expect(english.text).toContain('If this was not you');
    expect(english.html).toContain('482913');
    expect(renderEmail(code('en', 2)).subject).toBe('Your Meridian password reset code');
    expect(renderEmail(code('en', 3)).subject).toBe('Your Meridian code to change your password');
    const german = renderEmail(code('de', 2), 'Acme Markets');
    expect(german.subject).toBe('Ihr Acme Markets-Code zum Zurücksetzen des Passworts');
    expect(german.text).toContain(`${CODE_VALIDITY_MINUTES} Minuten gültig`);
    expect(german.languageTag).toBe('de');
  });

  it('write a notice e-mail whose body is the notice sentence in the language', () => {
    const message = notice('fr', 6);
    const email = renderEmail(message);
    expect(email.text).toContain(translate('fr', 'notice.identity_rejected', { reason: 'Photo blurred' }));
    expect(email.subject).toBe("Votre vérification d'identité Meridian a été refusée");
  });

  it('escape the parameters in the HTML part and keep them as they are in the plain text', () => {
    const email = renderEmail(notice('en', 1));
    expect(email.text).toContain('Proof <unreadable> & late');
    expect(email.html).toContain('Proof &lt;unreadable&gt; &amp; late');
    expect(email.html).not.toContain('<unreadable>');
    expect(escapeHtml(`"a" & 'b' <c>`)).toBe('&quot;a&quot; &amp; &#39;b&#39; &lt;c&gt;');
    const brand = renderEmail(code('en', 1), 'A&B <Markets>');
    expect(brand.html).toContain('A&amp;B &lt;Markets&gt;');
    expect(brand.html).not.toContain('<Markets>');
  });

  it('lay Arabic out right to left, with the code kept left to right', () => {
    const arabic = renderEmail(code('ar', 1));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toMatch(/<p dir="ltr"[^>]*>482913<\/p>/);
    expect(renderEmail(code('en', 1)).html).toContain('<html lang="en" dir="ltr">');
  });

  it('write an SMS as one line with the code first, in every language', () => {
    for (const language of LANGUAGES) {
      for (const purpose of [1, 2, 3]) {
        const sms = renderSms(code(language, purpose));
        expect(sms.startsWith('482913'), `${language}: ${sms}`).toBe(true);
        expect(sms).toContain(String(CODE_VALIDITY_MINUTES));
        expect(sms).not.toMatch(/\n/);
      }
    }
    expect(renderSms(code('en', 1))).toBe(
      `482913 is your Meridian registration code, valid for ${CODE_VALIDITY_MINUTES} minutes. Not you? Ignore this message.`,
    );
    const rejected = { ...notice('en', 6), params: { reason: 'Photo\nblurred.' } } as OutgoingMessage;
    expect(renderSms(rejected)).toBe(
      'Meridian: Your identity verification was rejected: Photo blurred. Please check your details and send them again.',
    );
  });

  it('still write a message of a code purpose or notice type without its own texts', () => {
    expect(renderEmail(code('en', 9)).subject).toBe('Your Meridian verification code');
    const other = { ...notice('en', 5), type: 'complaint.copy' } as OutgoingMessage;
    expect(renderEmail(other).subject).toBe('A message about your Meridian account');
  });
});
