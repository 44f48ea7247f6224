import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { persistedSecret } from '../src/secrets.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'croupier-secret-'));
  dirs.push(d);
  return d;
};

describe('signing keys kept under DATA_DIR', () => {
  it('prefers the configured key', () => {
    expect(persistedSecret({ configured: 'k'.repeat(40), nodeEnv: 'production', dataDir: fresh(), file: 's' })).toBe(
      'k'.repeat(40),
    );
  });

  it('makes a key once, private to the owner, and returns it on every later start', () => {
    const dataDir = fresh();
    const first = persistedSecret({ configured: undefined, nodeEnv: 'production', dataDir, file: 'jwt-secret' });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(persistedSecret({ configured: undefined, nodeEnv: 'production', dataDir, file: 'jwt-secret' })).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('replaces a stored key too short to be one', () => {
    const dataDir = fresh();
    writeFileSync(join(dataDir, 'k'), 'short\n');
    const key = persistedSecret({ configured: undefined, nodeEnv: 'production', dataDir, file: 'k' });
    expect(key).not.toBe('short');
    expect(key.length).toBeGreaterThanOrEqual(32);
  });

  it('gives tests a fresh key and writes nothing', () => {
    const dataDir = fresh();
    const a = persistedSecret({ configured: undefined, nodeEnv: 'test', dataDir, file: 'k' });
    const b = persistedSecret({ configured: undefined, nodeEnv: 'test', dataDir, file: 'k' });
    expect(a).not.toBe(b);
    expect(() => statSync(join(dataDir, 'k'))).toThrow();
  });
});
