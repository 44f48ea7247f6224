import type { Config } from '../../../config.ts';
import { persistedSecret } from '../../../secrets.ts';
import { deriveBoxKey } from '../secret-box.ts';

/**
 * The key that seals the staff's TOTP secrets (secret-box.ts): STAFF_SECRET_KEY when set (required in production
 * on PostgreSQL, config.ts); otherwise a random one made once into DATA_DIR/staff-box.key, like the JWT key. A
 * test app gets a fresh one: resolve it once per app.
 */
export function staffBoxKey(config: Pick<Config, 'STAFF_SECRET_KEY' | 'NODE_ENV' | 'dataDir'>): Buffer {
  return deriveBoxKey(
    persistedSecret({
      configured: config.STAFF_SECRET_KEY,
      nodeEnv: config.NODE_ENV,
      dataDir: config.dataDir,
      file: 'staff-box.key',
    }),
  );
}
