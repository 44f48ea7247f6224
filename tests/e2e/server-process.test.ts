import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-proc-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses a bad configuration and names the variable', async () => {
    const { exited, output } = startServer({ PORT: 'eighty' });
    expect(await exited).toBe(78);
    expect(output()).toMatch(/PORT/);
  });

  it('finishes in-flight requests on SIGTERM, closes the database and exits 0', async () => {
    const port = await freePort();
    const { child, exited, output } = startServer({ PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (i > 120) throw new Error(`server did not start:\n${output()}`);
      const ok = await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // A burst of page renders and API calls, with SIGTERM sent while they are in flight.
    const inFlight = Array.from({ length: 30 }, (_, i) =>
      fetch(`${base}${i % 2 ? '/' : '/api/settings/countries'}`).then(
        (r) => r.status,
        () => 'refused',
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(await exited).toBe(0);
    // Accepted requests complete; none is cut off with a 500.
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(output()).toMatch(/"msg":"stopped"/);
  });
});
