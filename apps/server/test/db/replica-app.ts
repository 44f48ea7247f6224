import { randomUUID } from 'node:crypto';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { driverOf } from '../../src/db/lean-sql.ts';
import { seedGames } from '../../src/modules/game/seed.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { studioCaller } from '../game/helpers.ts';
import { autoApproveWithdrawals, freshDatabase, injector, publicationsOf } from '../harness.ts';
import { FakeMessenger, nextIp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

// A test app whose read replica is the test's own database under another URL (or a URL of nothing): the
// harness's createTestApp cannot name the database it makes in the environment, so this builds the app itself.
// Routing is proven by the read handle's counts and the replica pool's application_name, not by lag.

export const STUDIO_SECRET = 'replica-test-studio-secret-0123456789';

export interface ReplicaTestApp extends PlayerTestApp {
  /** The test database's URL (PostgreSQL), null on PGlite. */
  url: string | null;
  /** A registered EUR player with `funds` credited. */
  newPlayer(funds?: number): Promise<{ playerId: string; token: string }>;
  /** Launches `game` for the player and plays one whole round through the seamless API. */
  playRound(token: string, bet: string, win: string, game?: string): Promise<void>;
  /** What the read handle routed so far (a copy). */
  routed(): { replica: number; primary: number; fallback: number };
}

export async function replicaTestApp(
  /** DATABASE_REPLICA_URL from the test database's URL; undefined: none. Ignored on PGlite. */
  replicaUrl: (url: string) => string | undefined,
  replica: AppOptions['replica'] = {},
): Promise<ReplicaTestApp> {
  const { database, drop } = await freshDatabase();
  const driver = driverOf(database.db);
  const url = driver.kind === 'postgres' ? (driver.pool.options.connectionString ?? null) : null;
  // Before the app: a catalogue change right before a read sends the catalogue to the primary for a moment.
  await seedGames(database.db);
  const replicaEnv = url ? { DATABASE_URL: url, DATABASE_REPLICA_URL: replicaUrl(url) } : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    STUDIO_SECRET,
    ...Object.fromEntries(Object.entries(replicaEnv).filter(([, v]) => v !== undefined)),
  });
  const memory = new MemoryPublisher();
  const messenger = new FakeMessenger();
  let player!: PlayerTestApp['player'];
  const app = await buildApp({
    config,
    database,
    logger: false,
    publishers: [memory],
    messenger,
    onPlayerModule: (p) => {
      player = p;
    },
    withdrawalRiskFlags: false,
    replica,
  });
  await app.ready();
  await autoApproveWithdrawals(database);

  const request: PlayerTestApp['request'] = injector(app);
  const call: PlayerTestApp['call'] = (method, path, { body, token, ip, headers } = {}) =>
    request({
      method,
      url: path,
      headers: {
        'cf-connecting-ip': ip ?? nextIp(),
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) vitest',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const signed = studioCaller(app, STUDIO_SECRET);
  const studio = async (path: string, body: unknown) => {
    const res = await signed(path, body);
    if (res.status !== 200) throw new Error(`${path} failed: ${JSON.stringify(res.json)}`);
  };
  const t: ReplicaTestApp = {
    app,
    database,
    config,
    url,
    messenger,
    player,
    request,
    call,
    published: publicationsOf(app, memory),
    routed: () => ({ ...app.readReplica.routed }),
    async newPlayer(funds = 100) {
      const { auth } = await registerPlayer(t);
      const playerId = auth.profile.id;
      const credit = await call('POST', '/api/dev/wallet/credit', {
        body: { playerId, currency: 'EUR', amount: funds },
      });
      if (credit.status !== 200) throw new Error(`credit failed: ${JSON.stringify(credit.json)}`);
      return { playerId, token: auth.accessToken };
    },
    async playRound(token, bet, win, game = 'neon-fruits') {
      const launch = await call('POST', `/api/game/games/${game}/play`, {
        token,
        body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
      });
      if (launch.status !== 200) throw new Error(`play failed: ${JSON.stringify(launch.json)}`);
      const launchToken = launch.json.data.token as string;
      const roundId = `r-${randomUUID()}`;
      const common = { token: launchToken, roundId, currency: 'EUR' };
      await studio('bet', { ...common, transactionId: `b-${randomUUID()}`, amount: bet });
      await studio('win', { ...common, transactionId: `w-${randomUUID()}`, amount: win, closeRound: true });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
  return t;
}
