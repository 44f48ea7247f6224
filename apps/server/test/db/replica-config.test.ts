import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

// DATABASE_REPLICA_URL (decision 0119): a PostgreSQL URL, and only beside DATABASE_URL.

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
const primary = 'postgres://croupier@db.internal:5432/croupier';

describe('DATABASE_REPLICA_URL', () => {
  it('is optional, with a pool of 5 by default', () => {
    const c = loadConfig({ ...base, DATABASE_URL: primary });
    expect(c.DATABASE_REPLICA_URL).toBeUndefined();
    expect(c.DATABASE_REPLICA_POOL_SIZE).toBe(5);
  });

  it('takes a postgres URL beside DATABASE_URL, and its own pool size', () => {
    const replica = 'postgresql://croupier_ro:pw@db-replica.internal:5432/croupier?sslmode=verify-full';
    const c = loadConfig({
      ...base,
      DATABASE_URL: primary,
      DATABASE_REPLICA_URL: replica,
      DATABASE_REPLICA_POOL_SIZE: '3',
    });
    expect(c.DATABASE_REPLICA_URL).toBe(replica);
    expect(c.DATABASE_REPLICA_POOL_SIZE).toBe(3);
  });

  it('refuses anything but a postgres URL, naming the variable', () => {
    for (const bad of ['mysql://db/croupier', 'db-replica.internal:5432', 'postgres://']) {
      expect(() => loadConfig({ ...base, DATABASE_URL: primary, DATABASE_REPLICA_URL: bad })).toThrow(
        /DATABASE_REPLICA_URL: must be a postgres:\/\/ or postgresql:\/\/ URL with a host/,
      );
    }
    expect(() =>
      loadConfig({ ...base, DATABASE_URL: primary, DATABASE_REPLICA_URL: primary, DATABASE_REPLICA_POOL_SIZE: '0' }),
    ).toThrow(/DATABASE_REPLICA_POOL_SIZE/);
  });

  it('refuses a replica without DATABASE_URL: the embedded PGlite has none', () => {
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: primary })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: primary })).toThrow(
      /DATABASE_REPLICA_URL: only with DATABASE_URL/,
    );
  });
});
