import { type Config, ConfigError, loadConfig, refuseUnsafeProduction } from './config.ts';

/** A configuration problem stops the process with EX_CONFIG and a message naming the variable. */
function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

/** Start: validate config, open and migrate the database, seed demo data, serve; stop cleanly on SIGTERM. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
    refuseUnsafeProduction(config);
  } catch (error) {
    exitOnConfigError(error);
  }
  // Loaded only once the configuration passed: a refused start exits before loading the whole server.
  const [{ buildApp }, { openDatabase, pgliteDirOf }, { seedDemoData }, { refuseDemoStaff, seedDemoStaff }] =
    await Promise.all([
      import('./app.ts'),
      import('./db/client.ts'),
      import('./db/seed.ts'),
      import('./modules/staff/index.ts'),
    ]);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirOf(config.dataDir) });
  await database.migrate();
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db);
  // The demo's withdrawal thresholds: 100 EUR auto-approval, four-eyes above 1,000 EUR (decision 0112).
  if (config.SEED_DEMO_DATA) await (await import('./modules/payment/index.ts')).seedDemoWithdrawalSettings(database.db);
  // The demo's staff (their passwords are in the README) never in a production start; nor left from a demo.
  const productionProper = config.NODE_ENV === 'production' && !config.DEMO;
  if (config.SEED_DEMO_DATA && !productionProper) await seedDemoStaff(database.db);
  await refuseDemoStaff(config, database.db).catch(exitOnConfigError);
  // Adapters check their own settings (SMTP, Twilio, S3) while the app is built.
  const app = await buildApp({ config, database, site: true }).catch(exitOnConfigError);
  app.log.info({ database: database.kind }, 'database ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 first, and the instance keeps serving while the load balancer notices (issue 31).
    app.draining = true;
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
      app.log.info({ signal, seconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining');
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    // A keep-alive connection whose answer was still being written (a compressed stream) when closing began
    // turns idle afterwards, and nothing would close it until its keep-alive timeout: close idle ones as they
    // appear, so the last answer ends the process.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(sweep);
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Croupier is up at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
