import { DEFAULT_LANGUAGE } from '@meridian/contract/languages';
import type {
  LegalKind,
  PublishLegalRequest,
  StaffLegalVersion,
  StaffLegalVersions,
} from '@meridian/contract/legal';
import { LIMITS } from '@meridian/contract/limits';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import * as repository from './legal.repository';

// Staff publish the terms and the risk warning (permission content.edit, as news). A publication
// is a new version; the old ones stay readable and are never edited, since customers accepted them.

function versionView(row: Awaited<ReturnType<typeof repository.listVersions>>[number]): StaffLegalVersion {
  return {
    kind: row.document.kind as LegalKind,
    version: row.document.version,
    texts: row.document.texts,
    published_at: row.document.publishedAt.toISOString(),
    published_by: row.publishedBy ?? '',
    accepted_count: Number(row.accepted ?? 0),
  };
}

export async function listLegalVersions(
  context: ServerContext,
  staff: AuthenticatedStaff,
  kind: LegalKind,
): Promise<StaffLegalVersions> {
  await requirePermission(context, staff, 'content.edit');
  const rows = await repository.listVersions(context.db, kind, LIMITS.legalVersionsListedMax);
  return { kind, list: rows.map(versionView) };
}

/** The texts as stored: only languages given; the default language's is required (the fallback). */
function textsToStore(input: PublishLegalRequest): repository.LegalTexts {
  const texts: repository.LegalTexts = {};
  for (const [language, text] of Object.entries(input.texts)) {
    if (text) texts[language] = { title: text.title, content: text.content };
  }
  if (!texts[DEFAULT_LANGUAGE]) throw new Rejection('error.legal_default_language_required');
  return texts;
}

export async function publishLegalVersion(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: PublishLegalRequest,
): Promise<StaffLegalVersions> {
  await requirePermission(context, staff, 'content.edit');
  const texts = textsToStore(input);
  const at = context.clock.now();
  await context.db.transaction(async (tx) => {
    const row = await repository.insertNextVersion(tx, {
      kind: input.kind,
      texts,
      publishedAt: at,
      publishedByStaffId: staff.id,
    });
    await recordAudit(tx, actorOf(staff), {
      action: 'legal.version_published',
      target: `legal:${row.kind}:${row.version}`,
      details: { kind: row.kind, version: row.version, languages: Object.keys(texts) },
      at,
    });
  });
  return listLegalVersions(context, staff, input.kind);
}
