// The server under test: the real app (buildApp) in a child process, with an IPC question the bench
// asks for memory figures (after a full GC, so the numbers are live memory, not garbage).
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, pgliteDirOf } from '../../apps/server/src/db/client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirOf(config.dataDir) });
await database.migrate();
const app = await buildApp({ config, database, logger: config.LOG_LEVEL !== 'silent' });
await app.listen({ port: config.PORT, host: config.HOST });

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message !== 'memory') return;
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed, sockets: app.realtime?.sockets ?? 0 });
});
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
process.send?.('ready');
