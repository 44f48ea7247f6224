import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEnv } from '../../../scripts/demo-env.mjs';
import { ConfigError, loadConfig, refuseUnsafeProduction } from '../src/config.ts';

// Issue 14 §8: a production start refuses plain-http PUBLIC_URL and dev routes (docs/decisions/0037).

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example' };
const check = (env: Record<string, string>) => () => refuseUnsafeProduction(loadConfig(env));

describe('production guards', () => {
  it('accepts an https production with no dev routes', () => {
    expect(check(production)).not.toThrow();
  });

  it('refuses an http PUBLIC_URL unless TLS is said to end at a proxy', () => {
    expect(check({ ...production, PUBLIC_URL: 'http://casino.example' })).toThrow(/PUBLIC_URL/);
    expect(check({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL.*http:\/\/localhost/);
    expect(
      check({ ...production, PUBLIC_URL: 'http://casino.example', TLS_TERMINATED_BY_PROXY: 'true' }),
    ).not.toThrow();
  });

  it.each([
    ['DEV_MAILBOX', { DEV_MAILBOX: 'true' }],
    ['DEV_OIDC_PROVIDER', { DEV_OIDC_PROVIDER: 'true' }],
  ])('refuses %s', (name, extra) => {
    expect(check({ ...production, ...extra })).toThrow(ConfigError);
    expect(check({ ...production, ...extra })).toThrow(new RegExp(name));
  });

  it('leaves the demo and development alone', () => {
    expect(
      check({ NODE_ENV: 'production', DEMO: 'true', DEV_MAILBOX: 'true', DEV_OIDC_PROVIDER: 'true' }),
    ).not.toThrow();
    expect(check({ DEV_MAILBOX: 'true' })).not.toThrow();
  });

  // Asynchronous (a synchronous spawn would block this worker) and with room: on a loaded CI machine tsx alone
  // can take tens of seconds to start.
  it('stops the server process with EX_CONFIG before it opens anything', { timeout: 120_000 }, async () => {
    const root = resolve(import.meta.dirname, '../../..');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(DEV_|DEMO|PUBLIC_URL|TLS_)/.test(k)),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production', DEV_MAILBOX: 'true', DATA_DIR: '/nonexistent/croupier' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    expect(status, stderr).toBe(78);
    expect(stderr).toMatch(/Refusing to start in production[\s\S]*PUBLIC_URL[\s\S]*DEV_MAILBOX/);
  });

  it('the demo start listens on 127.0.0.1 unless HOST is set, and --production adds nothing', () => {
    expect(serverEnv([], {})).toMatchObject({ HOST: '127.0.0.1', DEMO: 'true', DEV_MAILBOX: 'true' });
    expect(serverEnv([], { HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(serverEnv(['--production'], {})).toEqual({ NODE_ENV: 'production' });
    expect(() => refuseUnsafeProduction(loadConfig(serverEnv([], {}) as Record<string, string>))).not.toThrow();
  });
});
