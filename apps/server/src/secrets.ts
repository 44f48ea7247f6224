import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A signing key from the environment when set; otherwise (development, the demo) a random key made once
 * and kept in `DATA_DIR/<file>` (mode 600) so signatures survive restarts. Tests get a fresh key per app.
 */
export function persistedSecret(opts: {
  configured: string | undefined;
  nodeEnv: string;
  dataDir: string;
  file: string;
}): string {
  if (opts.configured) return opts.configured;
  if (opts.nodeEnv === 'test') return randomBytes(32).toString('base64url');
  const file = join(opts.dataDir, opts.file);
  const read = () => {
    const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    return stored.length >= 32 ? stored : null;
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(opts.dataDir, { recursive: true });
  let secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': of two processes starting together on the same DATA_DIR, one writes and both use its key.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    secret = read() ?? secret;
  }
  return secret;
}
