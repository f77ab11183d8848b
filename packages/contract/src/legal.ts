import { z } from 'zod';
import { cacheBuster, idOrZero, multilineText, requiredText, serverText } from './fields';
import { LANGUAGES } from './languages';
import { LIMITS } from './limits';

/**
 * The terms of business and the risk warning a customer accepts at sign-up.
 * Staff publish each as a numbered version with a text per language (the default language's text
 * required, the others optional: a reader without one reads the default's); publishing a new
 * version keeps the old ones, so an acceptance always names a text that still exists.
 *
 * Customer side (no sign-in):
 * - GET /api/legal/current                      -> LegalCurrent: the version of each document now
 * - GET /api/legal/text?kind&version?           -> LegalText in the reader's language (`lang` header),
 *                                                  the default language's when it has none (fallback: true)
 * Register (`POST /api/user/register`) takes `terms_version` and `risk_version`: see RegisterFields.
 *
 * Back office (permission content.edit): GET /admin/api/legal/versions?kind, POST /admin/api/legal/publish.
 */
export const LEGAL_KINDS = ['terms', 'risk'] as const;
export const LegalKind = z.enum(LEGAL_KINDS, { error: 'validation.invalid_choice' });
export type LegalKind = z.infer<typeof LegalKind>;

export const LegalVersionSummary = z.object({
  kind: LegalKind,
  version: z.number().int(),
  /** The document's title in the reader's language (or the default's). */
  title: serverText(),
  published_at: serverText(),
});
export type LegalVersionSummary = z.infer<typeof LegalVersionSummary>;

/** The current version of each document; a document never published is absent (nothing to accept). */
export const LegalCurrent = z.object({
  terms: LegalVersionSummary.nullable(),
  risk: LegalVersionSummary.nullable(),
});
export type LegalCurrent = z.infer<typeof LegalCurrent>;

export const LegalTextQuery = z.object({
  kind: LegalKind,
  /** Absent or 0: the current version. */
  version: idOrZero().optional(),
  t: cacheBuster,
});
export type LegalTextQuery = z.infer<typeof LegalTextQuery>;

export const LegalText = z.object({
  kind: LegalKind,
  version: z.number().int(),
  /** The language of `title` and `content`: the reader's, or the default one's (`fallback`). */
  language: serverText(),
  fallback: z.boolean(),
  title: serverText(),
  /** Plain text; paragraphs separated by blank lines. */
  content: serverText(),
  published_at: serverText(),
});
export type LegalText = z.infer<typeof LegalText>;

/** One language's text as staff write it. */
export const LegalLanguageText = z.object({
  title: requiredText(LIMITS.contentTitleLengthMax),
  content: multilineText(LIMITS.legalTextLengthMax).min(1, { error: 'validation.required' }),
});
export type LegalLanguageText = z.infer<typeof LegalLanguageText>;

export const LegalLanguage = z.enum(LANGUAGES, { error: 'validation.invalid_choice' });

export const PublishLegalRequest = z.object({
  kind: LegalKind,
  /** Each language's text; the default language (hk) is required, the server checks it. */
  texts: z.partialRecord(LegalLanguage, LegalLanguageText),
  t: cacheBuster,
});
export type PublishLegalRequest = z.infer<typeof PublishLegalRequest>;

export const StaffLegalVersionsQuery = z.object({ kind: LegalKind, t: cacheBuster });

export const StaffLegalVersion = z.object({
  kind: LegalKind,
  version: z.number().int(),
  texts: z.record(serverText(), z.object({ title: serverText(), content: serverText() })),
  published_at: serverText(),
  /** Who published it; empty for the installation's first version. */
  published_by: serverText(),
  /** How many customers accepted this version at sign-up. */
  accepted_count: z.number().int(),
});
export type StaffLegalVersion = z.infer<typeof StaffLegalVersion>;

export const StaffLegalVersions = z.object({ kind: LegalKind, list: z.array(StaffLegalVersion) });
export type StaffLegalVersions = z.infer<typeof StaffLegalVersions>;

/** What a customer accepted, for the back office's customer page. */
export const StaffLegalAcceptance = z.object({
  kind: LegalKind,
  /** 0 when not recorded: the customer registered through a client that sent no acceptance. */
  version: z.number().int(),
  accepted_at: serverText(),
});
export type StaffLegalAcceptance = z.infer<typeof StaffLegalAcceptance>;
