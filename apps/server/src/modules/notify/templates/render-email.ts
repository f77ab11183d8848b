import { LANGUAGE_TAGS } from '@meridian/contract/languages';
import { type MessageParams, translate } from '../../../http/i18n';
import type { OutgoingMessage } from '../delivery';
import { type EmailBlock, emailHtml } from './email-html';
import {
  CODE_VALIDITY_MINUTES,
  codeIntroKey,
  codeSubjectKey,
  DEFAULT_BRAND,
  noticeSubjectKey,
} from './message-texts';

type RenderedEmail = {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part: the same words, escaped. */
  html: string;
  /** BCP 47 tag of the recipient's language, for `Content-Language`. */
  languageTag: string;
};

const RIGHT_TO_LEFT = new Set<string>(['ar']);

/** Writes an outgoing message as an e-mail in the recipient's language. */
export function renderEmail(message: OutgoingMessage, brand: string = DEFAULT_BRAND): RenderedEmail {
  const text = (key: string, params: MessageParams = {}) =>
    translate(message.language, key, { brand, ...params });
  let subject: string;
  let blocks: EmailBlock[];
  if (message.kind === 'code') {
    subject = text(codeSubjectKey(message));
    blocks = [
      { kind: 'text', text: text(codeIntroKey(message)) },
      { kind: 'code', code: message.code },
      { kind: 'text', text: text('mail.code.validity', { minutes: CODE_VALIDITY_MINUTES }) },
      { kind: 'text', text: text('mail.code.not_you') },
    ];
  } else {
    subject = text(noticeSubjectKey(message));
    blocks = [{ kind: 'text', text: translate(message.language, message.key, message.params) }];
  }
  const footer = text('mail.footer');
  const languageTag = LANGUAGE_TAGS[message.language];
  return {
    subject,
    text: [...blocks.map((block) => (block.kind === 'code' ? block.code : block.text)), footer].join('\n\n'),
    html: emailHtml({
      languageTag,
      rtl: RIGHT_TO_LEFT.has(message.language),
      title: subject,
      brand,
      blocks,
      footer,
    }),
    languageTag,
  };
}
