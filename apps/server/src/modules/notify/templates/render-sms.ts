import { translate } from '../../../http/i18n';
import type { OutgoingMessage } from '../delivery';
import { CODE_VALIDITY_MINUTES, codeSmsKey, DEFAULT_BRAND } from './message-texts';

/**
 * Writes an outgoing message as one short SMS line in the recipient's language. A code comes
 * first, so a phone's notification preview (and its one-time-code autofill) shows it; a notice is
 * its sentence after the brand, which tells the reader who writes.
 */
export function renderSms(message: OutgoingMessage, brand: string = DEFAULT_BRAND): string {
  const text =
    message.kind === 'code'
      ? translate(message.language, codeSmsKey(message), {
          brand,
          code: message.code,
          minutes: CODE_VALIDITY_MINUTES,
        })
      : `${brand}: ${translate(message.language, message.key, message.params)}`;
  return text.replace(/\s+/g, ' ').trim();
}
