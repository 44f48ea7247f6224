import type { Db } from '../../db/client.ts';
import { ensureFieldSettings } from './fields.ts';

export { ensureFieldSettings };

/** Seeder for db/seed.ts: the default form fields of scenarios that have none. */
export const seedFieldSettings = (db: Db) => ensureFieldSettings(db);
