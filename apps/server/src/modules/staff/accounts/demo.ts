import { ApiError } from '@croupier/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { type Config, ConfigError } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { ROLES } from '../roles.ts';
import { staffAccounts } from '../schema.ts';
import { createStaffAccount } from './create.ts';

/** The demo's staff (backoffice-api.md §2): one per role, no second factor yet, so the first sign-in enrols. */
export const DEMO_STAFF = ROLES.map((role) => ({
  role,
  email: `${role}@staff.croupier.test`,
  password: `croupier-${role}-demo`,
  name: `Demo ${role[0]!.toUpperCase()}${role.slice(1)}`,
}));

/**
 * Creates the demo accounts that do not exist yet, marked `demo`, each audited as a system action. Idempotent:
 * an existing account (even changed or disabled since) is left as it is, and no password is hashed for it.
 */
export async function seedDemoStaff(db: Db): Promise<void> {
  const existing = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(
      inArray(
        staffAccounts.email,
        DEMO_STAFF.map((d) => d.email),
      ),
    );
  const present = new Set(existing.map((r) => r.email));
  for (const demo of DEMO_STAFF) {
    if (present.has(demo.email)) continue;
    await createStaffAccount(db, { ...demo, demo: true }, { staffId: null, reason: 'demo data' }).catch((error) => {
      // Another instance seeding the same database at the same moment made it first.
      if (!(error instanceof ApiError && error.fields.email)) throw error;
    });
  }
}

/**
 * Decision 0037's guard for staff: a production start (not the demo) refuses to run while a demo staff account
 * is enabled, since its password is in the README. Needs the database, so main.ts calls it after migrating.
 */
export async function refuseDemoStaff(config: Pick<Config, 'NODE_ENV' | 'DEMO'>, db: Db): Promise<void> {
  if (config.NODE_ENV !== 'production' || config.DEMO) return;
  const enabled = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.demo, true), eq(staffAccounts.disabled, false)));
  if (enabled.length === 0) return;
  throw new ConfigError(
    `Refusing to start in production:\n  the demo's staff accounts are enabled (${enabled.map((r) => r.email).join(', ')}); disable them with "npm run staff -- disable-demo"`,
  );
}
