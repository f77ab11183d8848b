import type { DbOrTx } from './db/database';
/** Reference data every installation needs. Idempotent: run at every start, it adds only what is missing. */
export declare function seedReferenceData(db: DbOrTx): Promise<void>;
