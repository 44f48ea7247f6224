// A fault run: the load through HAProxy, then for each fault a phase (load, the fault, the recovery, a tail of
// load), the load stopped, the outbox drained, and the invariant checker's findings with the phase's figures.
import pg from 'pg';
import { clusterSecrets, haproxy, now, origin, primaryUrl, sleep } from './cluster.ts';
import { applyFault, type FaultName } from './faults.ts';
import { balanceSequences, checkInvariants, clean, type Findings } from './invariants.ts';
import { Load } from './load.ts';

export interface RunOptions {
  faults: FaultName[];
  instances: number;
  players: number;
  sockets: number;
  /** Seconds of load before the fault and after the cluster is whole again. */
  leadSeconds: number;
  tailSeconds: number;
  seed: number;
  /** Also measure the mix's throughput with 1..instances instances in HAProxy (seconds each; 0: no). */
  throughputSeconds?: number;
  log?: (line: string) => void;
}

export interface PhaseFigures {
  fault: FaultName;
  detail: Record<string, unknown>;
  rounds: number;
  provider: ReturnType<Load['providerTally']['summary']>;
  players: ReturnType<Load['playerTally']['summary']>;
  /** From the fault's start to the last failed request of the phase (0: none failed). */
  recoveredSeconds: number;
  betsLost: number;
  betsDoubled: number;
  findings: Omit<Findings, 'betsLost' | 'betsDoubled'>;
  clean: boolean;
}

const databaseUrl = () => process.env.CLUSTER_PRIMARY_URL ?? primaryUrl();

/** Waits until no outbox event is left to deliver (the sockets' last publications are then on their way). */
async function drainOutbox(timeoutMs = 60_000): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
  pool.on('error', () => {});
  const t0 = now();
  try {
    while (now() - t0 < timeoutMs) {
      try {
        const { rows } = await pool.query<{ n: string }>('select count(*)::text as n from outbox.events');
        if (rows[0]!.n === '0') break;
      } catch {}
      await sleep(200);
    }
  } finally {
    await pool.end();
  }
  await sleep(1000);
  return Math.round(now() - t0);
}

export async function runFaults(o: RunOptions) {
  const log = o.log ?? ((line: string) => console.log(`[faults] ${line}`));
  const load = new Load({
    origin,
    providerId: 'croupier-studio',
    secret: clusterSecrets().STUDIO_SECRET!,
    gameId: 'dice',
    players: o.players,
    sockets: o.sockets,
    seed: o.seed,
  });
  await load.seat();
  log(`${load.players.length} players seated, ${o.sockets} sockets`);
  const phases: PhaseFigures[] = [];
  try {
    for (const fault of o.faults) {
      const marks = new Map(
        [
          ...(await balanceSequences(
            await pool1(),
            load.players.map((p) => p.accountId),
          )),
        ].map(([id, seq]) => [id, seq.length]),
      );
      load.clearSocketLogs();
      load.providerTally.reset();
      load.playerTally.reset();
      const rounds0 = load.rounds;
      load.start();
      await sleep(o.leadSeconds * 1000);
      const t0 = now();
      log(`fault ${fault}…`);
      const detail = await applyFault(fault, o.instances);
      await sleep(o.tailSeconds * 1000);
      await load.stop();
      const drainMs = await drainOutbox();
      const findings = await checkInvariants(databaseUrl(), 'croupier-studio', load.players, load.provider.sent, marks);
      const lastError = Math.max(...load.providerTally.errorTimes, ...load.playerTally.errorTimes, t0);
      const { betsLost, betsDoubled, ...rest } = findings;
      const phase: PhaseFigures = {
        fault,
        detail: { ...detail, drainMs },
        rounds: load.rounds - rounds0,
        provider: load.providerTally.summary(),
        players: load.playerTally.summary(),
        recoveredSeconds: Math.round((lastError - t0) / 100) / 10,
        betsLost,
        betsDoubled,
        findings: rest,
        clean: clean(findings),
      };
      log(JSON.stringify(phase));
      phases.push(phase);
    }
    const throughput: Record<string, unknown>[] = [];
    if (o.throughputSeconds) {
      for (let k = 1; k <= o.instances; k++) {
        await onlyInstances(k, o.instances);
        throughput.push({ instances: k, ...(await load.throughput(o.throughputSeconds)) });
        log(JSON.stringify(throughput.at(-1)));
      }
      await onlyInstances(o.instances, o.instances);
    }
    return { phases, throughput };
  } finally {
    load.close();
    await closePool();
  }
}

// One pool for the marks between phases (the checker opens its own: after a failover the URL may differ).
let shared: pg.Pool | undefined;
async function pool1(): Promise<pg.Pool> {
  if (!shared) {
    shared = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
    shared.on('error', () => {});
  }
  return shared;
}
async function closePool() {
  await shared?.end();
  shared = undefined;
}

/** Instances 1..k in HAProxy's rotation, the others in maintenance (the reads and ws backends track api). */
async function onlyInstances(k: number, of: number) {
  for (let n = 1; n <= of; n++) await haproxy(`set server api/app${n} state ${n <= k ? 'ready' : 'maint'}`);
  await sleep(1000);
}
