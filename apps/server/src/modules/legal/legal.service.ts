import { DEFAULT_LANGUAGE } from '@meridian/contract/languages';
import {
  LEGAL_KINDS,
  type LegalCurrent,
  type LegalKind,
  type LegalText,
  type LegalTextQuery,
  type LegalVersionSummary,
  type StaffLegalAcceptance,
} from '@meridian/contract/legal';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import * as repository from './legal.repository';
import LEGAL_SEED from './legal-seed.json' with { type: 'json' };

// The terms of business and the risk warning: what a reader sees, what sign-up
// checks and records. Staff publishing lives in legal-staff.service.ts.

/** When the installation's first versions count as published: a fixed date, so seeding is repeatable. */
const SEED_PUBLISHED_AT = new Date('2026-01-01T00:00:00Z');

type Localized = { language: string; fallback: boolean; title: string; content: string };

/** The reader's language's text, else the default language's, else any (a version always has one). */
function localizedText(texts: repository.LegalTexts, language: string): Localized {
  const own = texts[language];
  if (own) return { language, fallback: false, ...own };
  const [fallbackLanguage, fallback] =
    texts[DEFAULT_LANGUAGE] !== undefined
      ? [DEFAULT_LANGUAGE, texts[DEFAULT_LANGUAGE]]
      : (Object.entries(texts)[0] ?? [DEFAULT_LANGUAGE, undefined]);
  if (!fallback) throw new Error('legal document without any text');
  return { language: fallbackLanguage, fallback: true, ...fallback };
}

function summaryOf(row: repository.LegalDocumentRow, language: string): LegalVersionSummary {
  return {
    kind: row.kind as LegalKind,
    version: row.version,
    title: localizedText(row.texts, language).title,
    published_at: row.publishedAt.toISOString(),
  };
}

export async function currentLegal(context: ServerContext, language: string): Promise<LegalCurrent> {
  const rows = await repository.findCurrentDocuments(context.db, LEGAL_KINDS);
  const of = (kind: LegalKind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? summaryOf(row, language) : null;
  };
  return { terms: of('terms'), risk: of('risk') };
}

export async function legalText(
  context: ServerContext,
  query: LegalTextQuery,
  language: string,
): Promise<LegalText> {
  const row = query.version
    ? await repository.findDocument(context.db, query.kind, query.version)
    : (await repository.findCurrentDocuments(context.db, [query.kind]))[0];
  if (!row) throw new Rejection('error.not_found');
  const text = localizedText(row.texts, language);
  return {
    kind: query.kind,
    version: row.version,
    language: text.language,
    fallback: text.fallback,
    title: text.title,
    content: text.content,
    published_at: row.publishedAt.toISOString(),
  };
}

/** What a sign-up sent about the documents: the version ticked of each, 0 when not ticked. */
type AcceptanceFields = { terms_version?: number | undefined; risk_version?: number | undefined };
type Acceptance = { kind: LegalKind; version: number };

const NOT_ACCEPTED_KEYS: Record<LegalKind, string> = {
  terms: 'error.terms_not_accepted',
  risk: 'error.risk_not_accepted',
};

/**
 * The acceptances a sign-up records. A client that sends neither field (one written against the
 * spec, which has none) records nothing: its customer's acceptance shows as "not recorded". A
 * client that sends either must have ticked both, each of the version current now; a version
 * published since the form was read is refused with "the text changed", so nobody is recorded as
 * accepting a text they were not shown. A document never published asks for nothing.
 */
export async function acceptancesToRecord(db: DbOrTx, fields: AcceptanceFields): Promise<Acceptance[]> {
  if (fields.terms_version === undefined && fields.risk_version === undefined) return [];
  const current = await repository.findCurrentDocuments(db, LEGAL_KINDS);
  return LEGAL_KINDS.flatMap((kind): Acceptance[] => {
    const document = current.find((row) => row.kind === kind);
    if (!document) return [];
    const sent = kind === 'terms' ? fields.terms_version : fields.risk_version;
    if (!sent) throw new Rejection(NOT_ACCEPTED_KEYS[kind]);
    if (sent !== document.version) throw new Rejection('error.legal_text_changed');
    return [{ kind, version: sent }];
  });
}

export async function recordAcceptances(
  tx: DbOrTx,
  userId: UserId,
  acceptances: readonly Acceptance[],
  at: Date,
): Promise<void> {
  await repository.insertAcceptances(
    tx,
    acceptances.map((acceptance) => ({ userId, ...acceptance, acceptedAt: at })),
  );
}

/** A customer's acceptance of each document, for the back office: version 0 when not recorded. */
export async function acceptancesOf(db: DbOrTx, userId: UserId): Promise<StaffLegalAcceptance[]> {
  const rows = await repository.listAcceptances(db, userId);
  return LEGAL_KINDS.map((kind) => {
    const newest = rows.find((row) => row.kind === kind);
    return newest
      ? { kind, version: newest.version, accepted_at: newest.acceptedAt.toISOString() }
      : { kind, version: 0, accepted_at: '' };
  });
}

/** Version 1 of each document in the 15 languages, when the installation has none. */
export async function seedLegal(db: DbOrTx): Promise<void> {
  for (const kind of LEGAL_KINDS) {
    await repository.insertFirstVersionIfMissing(db, {
      kind,
      texts: LEGAL_SEED[kind],
      publishedAt: SEED_PUBLISHED_AT,
    });
  }
}
