import { randomBytes } from 'node:crypto';
import { LIMITS } from '@meridian/contract/limits';
import { Rejection } from '../../http/errors';
import { plainText, sanitizeContentHtml } from './sanitize';

// What the back office's content writes: names for new stories and companies, and text cleaned of
// markup (titles) or sanitized (stories' HTML), refused when nothing readable is left.

/** A new story's or company's name: its kind, the day, and 6 random hex digits (`news-20261124-3f9a1c`). */
export function newSlug(kind: 'news' | 'notice' | 'company', at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `${kind}-${day}-${randomBytes(3).toString('hex')}`;
}

/** Text that must say something once markup is gone: a title of only tags is refused. */
export function cleanTitle(title: string): string {
  const clean = plainText(title);
  if (clean === '') throw new Rejection('error.content_empty');
  return clean;
}

/** The stored HTML: sanitized here, and refused when nothing readable is left. */
export function cleanHtml(html: string): string {
  if (html.length > LIMITS.contentHtmlLengthMax) throw new Rejection('error.too_large');
  const clean = sanitizeContentHtml(html);
  if (plainText(clean) === '' && !/<img\s/i.test(clean)) throw new Rejection('error.content_empty');
  return clean;
}
