#!/usr/bin/env node
// `npm start`: build the web app and the back office when a build is missing or older than its sources, then run the
// one server process (API, websocket, studio and SSR site) on the embedded database by default.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildIsStale } from './build-state.mjs';
import { serverEnv } from './demo-env.mjs';

const root = new URL('..', import.meta.url).pathname;
if (buildIsStale(root)) {
  console.log('Building the web app, the back office and the studio UI…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(process.argv, process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
