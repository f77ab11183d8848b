import { LANGUAGE_TAGS, type Language } from '@meridian/contract/languages';
import type { AreaCode, BasicInfo, PriceSource } from '@meridian/contract/settings';
import type { DbOrTx } from '../../db/database';
import { buildAreaCodeRows } from './area-codes';
import { DEFAULT_SETTINGS, type SettingKey } from './settings.defaults';
import * as repository from './settings.repository';

/** Reads one setting, falling back to the default a fresh installation has. */
export async function getSetting(db: DbOrTx, key: SettingKey): Promise<string> {
  const all = await repository.readAllSettings(db);
  return all.get(key) ?? DEFAULT_SETTINGS[key];
}

export async function getNumberSetting(db: DbOrTx, key: SettingKey): Promise<number> {
  return Number(await getSetting(db, key));
}

/** The base settings, with where the prices come from (the installation's feed, not a setting). */
export async function getBasicInfo(db: DbOrTx, priceSource: PriceSource): Promise<BasicInfo> {
  const all = await repository.readAllSettings(db);
  const read = (key: SettingKey) => all.get(key) ?? DEFAULT_SETTINGS[key];
  return {
    service_link: read('service_link'),
    service_link_type: Number(read('service_link_type')),
    verify_reg_type: Number(read('verify_reg_type')),
    trade_fee_type: Number(read('trade_fee_type')),
    is_show_mobile: Number(read('is_show_mobile')),
    company_name: read('company_name'),
    price_source: priceSource,
  };
}

export async function setSetting(db: DbOrTx, key: SettingKey, value: string): Promise<void> {
  await repository.upsertSetting(db, key, value);
}

/** The calling codes in display order, each country named in the reader's language. */
export async function listAreaCodes(db: DbOrTx, language: Language): Promise<AreaCode[]> {
  const names = new Intl.DisplayNames([LANGUAGE_TAGS[language], 'en'], { type: 'region' });
  const rows = await repository.listAreaCodes(db);
  return rows.map((row) => ({
    id: row.id,
    global_code: row.globalCode,
    code: row.code,
    name: names.of(row.code) ?? row.code,
  }));
}

export async function findAreaCode(db: DbOrTx, id: number) {
  const rows = await repository.listAreaCodes(db);
  return rows.find((row) => row.id === id);
}

/** Spec section 2: the area a number sent without one belongs to, the second entry of the list. */
export async function defaultAreaCode(db: DbOrTx) {
  const rows = await repository.listAreaCodes(db);
  return rows[1] ?? rows[0];
}

/**
 * The area of a calling code (`+1`): the named country's when it has that code, else the first of
 * the list that does (several countries share +1, +7, +44). Undefined when none does (a country
 * the service is not offered to).
 */
export async function findAreaCodeByCallingCode(db: DbOrTx, globalCode: string, country: string | undefined) {
  const rows = (await repository.listAreaCodes(db)).filter((row) => row.globalCode === globalCode);
  return rows.find((row) => row.code === country) ?? rows[0];
}

/** Seeds reference data that a fresh installation needs; never overwrites what exists. */
export async function seedSettings(db: DbOrTx): Promise<void> {
  await repository.insertMissingSettings(db, DEFAULT_SETTINGS);
  await repository.insertMissingAreaCodes(db, buildAreaCodeRows());
}
