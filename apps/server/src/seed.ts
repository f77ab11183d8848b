import type { DbOrTx } from './db/database';
import { seedContent } from './modules/content/content.public';
import { seedFunds } from './modules/funds/funds.public';
import { seedLegal } from './modules/legal/legal.public';
import { seedMarket } from './modules/market/market.public';
import { seedSettings } from './modules/settings/settings.public';

/** Reference data every installation needs. Idempotent: run at every start, it adds only what is missing. */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  await seedSettings(db);
  await seedMarket(db);
  await seedContent(db);
  await seedFunds(db);
  await seedLegal(db);
}
