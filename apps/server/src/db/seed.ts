import { seedContent } from '../modules/content/content.service';
import { seedMarket } from '../modules/market/market.service';
import { seedSettings } from '../modules/settings/settings.service';
import type { DbOrTx } from './database';

/** Reference data every installation needs. Idempotent: run at every start, it adds only what is missing. */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  await seedSettings(db);
  await seedMarket(db);
  await seedContent(db);
}
