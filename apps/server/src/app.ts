import { resolve } from 'node:path';
import { type Endpoint, ErrorCode } from '@croupier/contracts';
import { defaultLocale } from '@croupier/contracts/reference/index';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { bindConfigBus, type ConfigBus, createConfigBus, localTransport } from './config-bus/index.ts';
import { redisTransport } from './config-bus/redis.ts';
import type { Database } from './db/client.ts';
import { openReadReplica, type ReadReplica, type ReadReplicaOptions } from './db/replica.ts';
import { devOidcProvider, localProviderOptions } from './dev/oidc-provider/index.ts';
import { answerClientError } from './http/client-errors.ts';
import { registerCompression } from './http/compression.ts';
import { registerConfigGeneration } from './http/config-generation.ts';
import { answerFrameworkError, envelope, registerErrorHandling } from './http/errors.ts';
import { registerHostCheck } from './http/host.ts';
import { requestIdOf } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerVisitor, visitorOf } from './http/visitor.ts';
import { createJobQueue } from './jobs/index.ts';
import {
  activeBonusFlag,
  bonusBackofficeRoutes,
  bonusRoutes,
  createBonusModule,
  studioFreeRoundsPort,
} from './modules/bonus/index.ts';
import { createComplianceModule } from './modules/compliance/index.ts';
import { contentEditorRoutes, contentRoutes, loadContentStore, startContentEditing } from './modules/content/index.ts';
import {
  activityHistory,
  activityRule,
  type BeforeLaunchHook,
  gameEditorRoutes,
  gameRoutes,
  invalidateLobby,
  seedSportsbookGame,
} from './modules/game/index.ts';
import { kycRoutes, kycThresholdFlag, kycWithdrawalCheck } from './modules/kyc/index.ts';
import {
  createMessenger,
  integrationRoutes,
  type Messenger,
  notificationRoutes,
} from './modules/notification/index.ts';
import { operationsRoutes } from './modules/operations/index.ts';
import { type BeforeDepositCheck, paymentRoutes } from './modules/payment/index.ts';
import {
  createPlayerModule,
  ensureFieldSettings,
  type PlayerModule,
  playStatusColumn,
  playStatusIn,
  publicNameColumn,
  refuseBetBlockedLaunch,
  registerAuthentication,
} from './modules/player/index.ts';
import { type RealtimeLimits, registerRealtime } from './modules/realtime/index.ts';
import { createReferrals } from './modules/referral/index.ts';
import { createReportingModule } from './modules/reporting/index.ts';
import { createRetentionModule, reportProfileCompleted, retentionEventsRule } from './modules/retention/index.ts';
import {
  assertTurnOverMet,
  createRiskModule,
  riskRoutes,
  selfExclusionHistoryFlag,
  turnOverOnDeposit,
  turnOverOwedFlag,
  turnOverRoutes,
} from './modules/risk/index.ts';
import {
  createRatesSource,
  type RatesSource,
  settingsRoutes,
  siteSettingsRoutes,
  startSiteSettings,
} from './modules/settings/index.ts';
import {
  registerSportsbook,
  sportsbookLauncher,
  sportsbookProvider,
  sportsbookSandboxEnabled,
  sportsbookSecret,
} from './modules/sportsbook/index.ts';
import {
  announceDashboardChange,
  createStaffModule,
  dashboardOnDeposit,
  dashboardOnWithdrawalQueue,
  type StaffModule,
  staffOf,
  staffRealtimeAccess,
  writeAudit,
} from './modules/staff/index.ts';
import { studioRoutes } from './modules/studio/index.ts';
import {
  type MoneyRule,
  playerMayPlay,
  registerWalletListeners,
  resolveStudioSecret,
  seamlessRoutes,
  walletRoutes,
} from './modules/wallet/index.ts';
import { createOutboxDispatcher, type Publisher } from './outbox/index.ts';
import { backofficePlugin } from './site/backoffice-plugin.ts';
import { sitePlugin } from './site/plugin.ts';
import { createStorage } from './storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Currency rates (docs/decisions/0018); tests call `app.rates.refresh()`. */
    rates: RatesSource;
    /** The back office's module (issue 25); tests call `app.staffModule.anchorNow()` (decision 0105). */
    staffModule: StaffModule;
    /** Set at SIGTERM (main.ts): readiness answers 503 so the load balancer drains this instance (issue 31). */
    draining: boolean;
    /** Staff edits of operating data, heard on every instance (decision 0122); tests count `received`. */
    configBus: ConfigBus;
    /** The read handle's replica and lag guard (decision 0119); tests read its routing and force a measure. */
    readReplica: ReadReplica;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Serve the React Router site for non-API paths (needs a web build). */
  site?: boolean;
  logger?: boolean;
  /** How e-mail and SMS leave (tests pass a fake). Default: the adapters the configuration asks for. */
  messenger?: Messenger;
  /** Called with the player module once built, e.g. to subscribe to "player registered". */
  onPlayerModule?: (player: PlayerModule) => void;
  /** Where committed outbox events go (tests pass an in-memory one; the realtime issue adds Centrifugo). */
  publishers?: Publisher[];
  /** Money rules run inside every seamless movement after the built-in ones (tests add refusals). */
  moneyRules?: readonly MoneyRule[];
  /** Checks before a game launch and before a deposit, after the built-in ones (tests add refusals). */
  checks?: { beforeLaunch?: readonly BeforeLaunchHook[]; beforeDeposit?: readonly BeforeDepositCheck[] };
  /** Real-time connection limits and timings (tests shorten them); defaults in modules/realtime/limits.ts. */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** The responsible-gaming clock (tests move it across the 24-hour delays); default the real one. */
  riskClock?: () => Date;
  /** false: withdrawals raise no risk flags (tests about payments themselves, decision 0112). Default true. */
  withdrawalRiskFlags?: boolean;
  /** The read replica's lag guard (tests inject the lag reader); its URL and pool size come from `config`. */
  replica?: Pick<ReadReplicaOptions, 'readLag' | 'intervalMs' | 'maxLagMs' | 'staleAfterMs'>;
}

export const contentRoot = resolve(import.meta.dirname, '../../../content');

/** The whole product as one Fastify instance: the API under /api and the SSR site for the rest. */
export async function buildApp({
  config,
  database,
  site = false,
  logger = true,
  messenger,
  onPlayerModule,
  publishers = [],
  realtimeLimits,
  moneyRules = [],
  checks = {},
  riskClock,
  withdrawalRiskFlags = true,
  replica: replicaOptions = {},
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    // The id is read by genReqId, which refuses unsafe client values (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
  });
  app.decorate('endpoints', [] as Endpoint[]);
  registerVisitor(app, config.trustedProxies);
  registerErrorHandling(app);
  registerHostCheck(app);
  await registerSecurityHeaders(app, { https: config.https });
  // Before any route and before @fastify/static: its hook must see every answer (docs/decisions/0046).
  await registerCompression(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Per-IP counters live in Redis when there is one, so every instance counts the same visitor together.
  // A Redis outage lets requests through (skipOnError): the per-identity throttles are in the database.
  const rateStore = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (rateStore) {
    rateStore.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis connection error'));
    app.addHook('onClose', async () => void (await rateStore.quit().catch(() => rateStore.disconnect())));
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateStore ? { redis: rateStore, nameSpace: `${config.REALTIME_REDIS_PREFIX}rate:`, skipOnError: true } : {}),
    keyGenerator: (request) => visitorOf(request, config.TRUST_GEO_HEADERS).ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...envelope(ErrorCode.tooManyAttempts, `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
    }),
  });

  const store = loadContentStore(contentRoot, defaultLocale.code);
  const { db } = database;
  // Reads that tolerate a second of lag take `readDb` (decision 0119): the replica while it keeps up, else `db`.
  const replica = openReadReplica(database, {
    url: config.DATABASE_REPLICA_URL,
    poolSize: config.DATABASE_REPLICA_POOL_SIZE,
    log: app.log,
    ...replicaOptions,
  });
  const readDb = replica.db;
  app.decorate('readReplica', replica);
  app.addHook('onReady', async () => replica.start());
  app.addHook('onClose', async () => replica.close());
  // The dispatcher reads and stamps events on a connection of its own, never one of the request pool's.
  const outbox = createOutboxDispatcher({
    db,
    database,
    publishers,
    coalesceMs: config.OUTBOX_COALESCE_MS,
    log: app.log,
  });
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
  // Staff edits of operating data reach every instance's caches through the outbox (decision 0122).
  const configBus = createConfigBus(
    config.REDIS_URL ? redisTransport(config.REDIS_URL, config.REALTIME_REDIS_PREFIX, app.log) : localTransport(),
    app.log,
  );
  bindConfigBus(db, configBus);
  outbox.addPublisher(configBus.publisher);
  app.decorate('configBus', configBus);
  app.addHook('onReady', async () => configBus.start());
  app.addHook('onClose', async () => configBus.close());
  configBus.on('lobby', () => invalidateLobby(db));
  // Staff's site settings and content edits (issue 27): read now, read again when their scope changes.
  const siteSettings = await startSiteSettings({ config, db, bus: configBus, log: app.log });
  const contentEditing = await startContentEditing({ db, store, bus: configBus, log: app.log, writeAudit });
  registerConfigGeneration(app, configBus, { content: contentEditing.loader.reload, settings: siteSettings.reload });
  const player = createPlayerModule({
    config,
    db,
    messenger: messenger ?? createMessenger(config, db, { logger: app.log }),
    log: app.log,
  });
  registerWalletListeners(db, player);
  // Responsible gaming (decision 0038): always on; its rule and checks come before the ones a test adds.
  const risk = createRiskModule({ db, player, now: riskClock });
  onPlayerModule?.(player);
  const rates = createRatesSource(config, app.log);
  // Live winners and activity boards (decision 0051): published by a money rule, history read back from rounds.
  const activity = {
    rates,
    bigWinMultiplier: config.BIG_WIN_MULTIPLIER,
    onCatalogueChange: (drop: () => void) => void configBus.on('lobby', drop),
  };
  registerRealtime(app, {
    config,
    player,
    limits: realtimeLimits,
    history: activityHistory(db, activity),
    // The back office's staff connections and `staff:*` channels (decision 0110).
    staff: staffRealtimeAccess(app, { config, db }),
  });
  // Before any route: every contract endpoint with auth 'player' or 'optional' gets the token check.
  registerAuthentication(app, player);
  // The back office (issue 25): 'staff' endpoints get the staff credential and permission check (§1, §3).
  const staff = createStaffModule({
    config,
    db,
    readDb,
    log: app.log,
    rates,
    player,
    storage: createStorage(config),
    // Read when called: a signed-out or disabled member's sockets end at once (decision 0110).
    endStaffSockets: (sessionIds) => app.realtime?.endSessions(sessionIds),
    ...(riskClock ? { now: riskClock } : {}),
    // Read when called: the payment module registers later (decision 0112).
    withdrawalDesk: () => app.payment.desk,
  });
  staff.registerAuthentication(app);
  app.decorate('staffModule', staff);
  app.addHook('onReady', async () => staff.start());
  app.addHook('onClose', async () => staff.stop());
  await ensureFieldSettings(db);
  app.decorate('draining', false);
  await app.register(operationsRoutes, { config, db, databaseKind: database.kind });
  app.decorate('rates', rates);
  app.addHook('onReady', async () => rates.start());
  app.addHook('onClose', async () => rates.stop());
  await app.register(settingsRoutes, { config, rates, live: siteSettings });
  await app.register(contentRoutes, { store });
  await app.register(siteSettingsRoutes, { config, db, live: siteSettings, staffOf, writeAudit });
  await app.register(contentEditorRoutes, { ...contentEditing, staffOf });
  await app.register(notificationRoutes, { config, db });
  await app.register(player.routes);
  // Referrals (decision 0067) and the live-chat identity (0068): their own module and notification's (0098).
  const referrals = createReferrals({ config, db, log: app.log, player, mayGainValue: risk.assertMayGainValue });
  await app.register(referrals.routes);
  await app.register(integrationRoutes, { config, db });
  if (config.devOidcProvider) await app.register(devOidcProvider, localProviderOptions(config));
  await app.register(kycRoutes, { config, db, player });
  await app.register(walletRoutes, { config, db, player });
  // Bonuses (decision 0055): a money rule in every movement, and deadlines on the app's job queue (0054).
  const bonus = createBonusModule({
    db,
    send: (job, data, options) => jobs.send(job, data, options),
    mayClaim: risk.assertMayClaimBonus,
  });
  // Retention (decision 0058): fed by the movements' and deposits' events, applied after commit by its consumer.
  const retention = createRetentionModule({
    config,
    db,
    rates,
    send: (job, data, options) => jobs.send(job, data, options),
    bonus: bonus.deps,
    mayGainValue: risk.assertMayGainValue,
  });
  outbox.addPublisher(retention.consumer);
  // Responsible-gaming and AML flags (decision 0114): a second internal consumer of the same events, plus the
  // risk module's and payments' own; the money path's events must then be written even with retention off.
  const compliance = config.FLAGS_ENABLED ? createComplianceModule({ db }) : null;
  if (compliance) outbox.addPublisher(compliance.consumer);
  // Reports (decision 0121): rollups kept from the ledger's and registrations' events by a third internal consumer.
  const reporting = createReportingModule({
    config,
    db,
    readDb,
    rates,
    send: (job, data, options) => jobs.send(job, data, options),
    // Today's figures moved: the dashboards' live tile (decision 0110), written after the page committed.
    announceToday: async () => {
      await announceDashboardChange(db, 'today');
      outbox.nudge();
    },
    log: app.log,
  });
  if (reporting.consumer) outbox.addPublisher(reporting.consumer);
  app.addHook('onClose', async () => reporting.stop());
  const eventsRule = retention.rule ?? (compliance ? retentionEventsRule() : null);
  player.onProfileFilled(reportProfileCompleted);
  // A referee qualifies by playing as soon as the wager is reached (decision 0077), told by retention's consumer.
  retention.onRealStake(referrals.onRealStake);
  const jobs = createJobQueue({ db, definitions: [...bonus.jobs, ...retention.jobs, ...reporting.jobs], log: app.log });
  app.addHook('onReady', async () => {
    await jobs.start();
    await bonus.start();
    await retention.start();
    await reporting.start();
  });
  app.addHook('onClose', async () => jobs.stop());
  await app.register(bonusRoutes, { deps: bonus.deps });
  await app.register(bonusBackofficeRoutes, { deps: bonus.deps });
  await app.register(paymentRoutes, {
    config,
    db,
    readDb,
    rates,
    beforeDeposit: [risk.beforeDeposit, ...(checks.beforeDeposit ?? [])],
    // …and the back office's dashboard learns that deposits today moved (decision 0110).
    onDeposit: [bonus.onDeposit, retention.onDeposit, turnOverOnDeposit, referrals.onDeposit, dashboardOnDeposit],
    // Compliance counts declined deposits (decision 0114), told in the transaction that fails one.
    onDepositFailed: compliance ? [compliance.onDepositFailed] : [],
    // KYC at the CDD threshold, by setting (decision 0113); the turn-over wager (decision 0066): deposits are
    // wagered ×N before a withdrawal.
    beforeWithdrawal: [
      kycWithdrawalCheck({ config, rates }),
      assertTurnOverMet,
      ...(compliance ? [compliance.beforeWithdrawal] : []),
    ],
    // The withdrawal review's risk flags from the modules that own the data, beside payment's own (0112).
    withdrawalFlags: withdrawalRiskFlags
      ? [turnOverOwedFlag, activeBonusFlag, selfExclusionHistoryFlag, kycThresholdFlag({ config, rates })]
      : null,
    onWithdrawalQueue: [dashboardOnWithdrawalQueue],
  });
  // One key per app: in tests persistedSecret makes a fresh one per call, and both sides must agree.
  const studioSecret = resolveStudioSecret(config);
  // The demo's sandbox sportsbook (decision 0071): provider `betsy`, launched and paid like any game.
  const sportsbook = sportsbookSandboxEnabled(config) ? sportsbookSecret(studioSecret) : null;
  await app.register(seamlessRoutes, {
    config,
    db,
    studioSecret,
    builtInProviders: sportsbook ? [sportsbookProvider(sportsbook)] : [],
    // The player's public name rides the locking statement; its SQL stays in the player module (decision 0099).
    playerName: publicNameColumn,
    // The status and the staff's bet block ride it too, read under the account lock (decision 0106).
    playStatus: playStatusColumn,
    rules: [
      playerMayPlay(playStatusIn),
      risk.moneyRule,
      bonus.rule,
      ...moneyRules,
      activityRule(activity),
      ...(eventsRule ? [eventsRule] : []),
    ],
  });
  await app.register(riskRoutes, { limits: risk.limits, reality: risk.reality });
  await app.register(turnOverRoutes, { db, staff: { staffOf, writeAudit } });
  await app.register(retention.routes);
  await app.register(gameRoutes, {
    config,
    db,
    readDb,
    studioSecret,
    player,
    beforeLaunch: [risk.beforeLaunch, refuseBetBlockedLaunch(db), ...(checks.beforeLaunch ?? [])],
    launchers: sportsbook ? { betsy: sportsbookLauncher(sportsbook) } : {},
  });
  // The back office's game catalogue editor (issue 27) and the uploaded thumbnails it serves to the lobby.
  await app.register(gameEditorRoutes, { config, db, staff: { staffOf, writeAudit } });
  await app.register(studioRoutes, { config, db, studioSecret });
  await app.register(staff.routes);
  await app.register(reporting.routes);
  // Free spins reach the studio through its free-round API (decision 0065).
  bonus.setFreeRounds(studioFreeRoundsPort(app.studio.service, studioSecret));
  if (sportsbook) {
    if (config.SEED_DEMO_DATA) await seedSportsbookGame(db);
    await registerSportsbook(app, { config, secret: sportsbook });
  }

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(envelope(ErrorCode.notFound, `Not found: ${request.method} ${request.url.split('?')[0]}`)),
  );
  if (site) {
    // The back office's pages (decision 0109) first: the player site's catch-all renders every other path.
    await app.register(backofficePlugin, { config });
    await app.register(sitePlugin, { config });
  }
  return app;
}
