import type {
  SaveCompanyRequest,
  SaveCompanySettingsRequest,
  StaffCompany,
  StaffCompanySettings,
} from '@meridian/contract/content-staff';
import { LIMITS } from '@meridian/contract/limits';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { getSetting, setSetting } from '../settings/settings.public';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import { staffAction } from '../staff-action';
import * as repository from './content.repository';
import { companyOf } from './content.service';
import { cleanTitle, newSlug } from './content-text';
import { plainText } from './sanitize';

// The back office's companies of the group and the company name and complaint e-mail the customer
// app shows (permission content.edit). Every change is audited with its before and after in the
// change's own transaction.

function companyView(row: repository.CompanyRow): StaffCompany {
  return { ...companyOf(row), slug: row.slug, sort: row.sort };
}

export async function listCompaniesForStaff(
  context: ServerContext,
  staff: AuthenticatedStaff,
): Promise<StaffCompany[]> {
  await requirePermission(context, staff, 'content.edit');
  const rows = await repository.listAllCompanies(context.db, LIMITS.companiesStaffMax);
  return rows.map(companyView);
}

/** Adds a company (no id) or changes one; text fields are kept as plain text. */
export const saveCompany = staffAction(
  'content.edit',
  async (context, staff, input: SaveCompanyRequest, now): Promise<StaffCompany> => {
    const values = {
      name: cleanTitle(input.name),
      logo: input.logo,
      url: input.url,
      subject: plainText(input.subject),
      registeredAddress: plainText(input.registered_address),
      location: plainText(input.location),
      email: input.email,
      sort: input.sort,
    };
    return context.db.transaction(async (tx) => {
      const before = input.id === undefined ? undefined : await repository.lockCompany(tx, input.id);
      if (input.id !== undefined && !before) throw new Rejection('error.company_unknown');
      if (input.id === undefined) {
        const existing = await repository.listAllCompanies(tx, LIMITS.companiesStaffMax);
        if (existing.length >= LIMITS.companiesStaffMax) throw new Rejection('error.companies_max');
      }
      const after = before
        ? await repository.updateCompany(tx, before.id, values)
        : await repository.insertCompany(tx, { ...values, slug: newSlug('company', now), createdAt: now });
      await recordAudit(tx, actorOf(staff), {
        action: 'content.company_saved',
        target: `company:${after.id}`,
        details: { before: before ? companyView(before) : null, after: companyView(after) },
        at: now,
      });
      return companyView(after);
    });
  },
);

async function readCompanySettings(db: DbOrTx): Promise<StaffCompanySettings> {
  return {
    company_name: await getSetting(db, 'company_name'),
    complaint_email: await getSetting(db, 'complaint_email'),
  };
}

export async function companySettings(
  context: ServerContext,
  staff: AuthenticatedStaff,
): Promise<StaffCompanySettings> {
  await requirePermission(context, staff, 'content.edit');
  return readCompanySettings(context.db);
}

/** The company name and complaint e-mail the customer app shows, written through the settings area. */
export async function saveCompanySettings(
  context: ServerContext,
  staff: AuthenticatedStaff,
  input: SaveCompanySettingsRequest,
): Promise<StaffCompanySettings> {
  await requirePermission(context, staff, 'content.edit');
  const name = cleanTitle(input.company_name);
  return context.db.transaction(async (tx) => {
    const before = await readCompanySettings(tx);
    await setSetting(tx, 'company_name', name);
    await setSetting(tx, 'complaint_email', input.complaint_email);
    const after = await readCompanySettings(tx);
    await recordAudit(tx, actorOf(staff), {
      action: 'content.company_settings_saved',
      target: 'settings:company',
      details: { before, after },
      at: context.clock.now(),
    });
    return after;
  });
}
