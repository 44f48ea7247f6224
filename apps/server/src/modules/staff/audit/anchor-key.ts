import { hkdfSync } from 'node:crypto';
import type { Config } from '../../../config.ts';
import { persistedSecret } from '../../../secrets.ts';

/**
 * The key that signs the audit chain's anchors (decision 0105). AUDIT_ANCHOR_KEY when set; else derived from
 * STAFF_SECRET_KEY (HKDF, its own label, so it says nothing about the box key), which instances sharing a
 * database already share (required in production on PostgreSQL); else made once into DATA_DIR/audit-anchor-key.
 * A test app gets a fresh one: resolve it once per app.
 */
export function auditAnchorKey(
  config: Pick<Config, 'AUDIT_ANCHOR_KEY' | 'STAFF_SECRET_KEY' | 'NODE_ENV' | 'dataDir'>,
): string {
  if (config.AUDIT_ANCHOR_KEY) return config.AUDIT_ANCHOR_KEY;
  if (config.STAFF_SECRET_KEY) {
    return Buffer.from(hkdfSync('sha256', config.STAFF_SECRET_KEY, '', 'croupier audit anchor v1', 32)).toString('hex');
  }
  return persistedSecret({
    configured: undefined,
    nodeEnv: config.NODE_ENV,
    dataDir: config.dataDir,
    file: 'audit-anchor-key',
  });
}
