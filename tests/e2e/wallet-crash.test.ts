/**
 * The seamless wallet survives a SIGKILL mid-load (issue #4). A real server process takes concurrent,
 * signed bet/win requests with known transaction ids; it is killed with SIGKILL while requests are in
 * flight, restarted on the same data, and EVERY planned request is replayed (also those whose answer never
 * came). Then: each bet and win applied exactly once, each balance = its ledger entries = the expected
 * sum, nothing negative, every replay answers the first answer.
 *
 * On PostgreSQL when TEST_DATABASE_URL is set (in a fresh database), on PGlite otherwise.
 * What PGlite guarantees: it runs PostgreSQL with `synchronous_commit=on` and `fsync=off` on files in
 * DATA_DIR (Emscripten NODEFS: each write is a write(2) on the host file). A commit's WAL is written to
 * the file before the commit returns, so a killed PROCESS loses nothing acknowledged (the kernel keeps the
 * written pages); a machine crash or power loss may lose recent commits, which this test cannot simulate
 * and does not claim. The assertions are therefore the same on both databases.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirOf } from '../../apps/server/src/db/client.ts';
import { ledgerViolations, rows } from '../../apps/server/test/wallet/db.ts';
import { registerPlayer } from './accounts-helpers.ts';
import { type ServerProcess, startServer } from './server.ts';

const PROVIDER = { id: 'crashtest', secret: 'crash-test-secret-0123456789', games: ['slot-1'], enabled: true };
const PLAYERS = 4;
const CHAINS_PER_PLAYER = 3; // concurrent request chains per player: contention on its account row
const ROUNDS_PER_CHAIN = 5;
const CREDIT_CENTS = 100_00;
const KILL_AFTER_ANSWERS = 45; // of 4 × 3 × 5 × 2 = 120 requests

interface Planned {
  path: 'bet' | 'win';
  transactionId: string;
  body: string;
  /** Signed change of the player's balance in cents once applied. */
  delta: number;
}

type Answer = Record<string, unknown>;

/** Every request of one chain, in order: bet then win of each round. Amounts keep every balance positive. */
function planChain(player: number, chain: number, token: string): Planned[] {
  const out: Planned[] = [];
  for (let round = 0; round < ROUNDS_PER_CHAIN; round++) {
    const n = (player * 31 + chain * 7 + round * 13) % 300;
    const bet = 100 + n; // 1.00 – 3.99 EUR: a player's 15 bets stay below the 100.00 credit
    const win = 1 + ((n * 37) % 200); // 0.01 – 2.00 EUR
    const roundId = `crash-p${player}-c${chain}-r${round}`;
    const betId = `${roundId}-bet`;
    const money = (cents: number) => (cents / 100).toFixed(2);
    out.push({
      path: 'bet',
      transactionId: betId,
      delta: -bet,
      body: JSON.stringify({
        token,
        transactionId: betId,
        roundId,
        amount: money(bet),
        currency: 'EUR',
        gameId: 'slot-1',
      }),
    });
    out.push({
      path: 'win',
      transactionId: `${roundId}-win`,
      delta: win,
      body: JSON.stringify({
        token,
        transactionId: `${roundId}-win`,
        roundId,
        betTransactionId: betId,
        amount: money(win),
        currency: 'EUR',
        closeRound: true,
      }),
    });
  }
  return out;
}

/** One signed seamless call; null when no answer came (connection refused or cut by the kill). */
async function send(url: string, request: Planned): Promise<{ status: number; json: Answer } | null> {
  const signature = `sha256=${createHmac('sha256', PROVIDER.secret).update(request.body).digest('hex')}`;
  try {
    const res = await fetch(`${url}/api/seamless/v1/${request.path}`, {
      method: 'POST',
      body: request.body,
      headers: { 'content-type': 'application/json', 'x-provider-id': PROVIDER.id, 'x-signature': signature },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, json: (await res.json()) as Answer };
  } catch {
    return null;
  }
}

interface Target {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  cleanup: () => Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-crash-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ pgliteDir: pgliteDirOf(dataDir) }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `croupier_crash_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-crash-'));
  return {
    kind: 'postgres',
    // Production with DATABASE_URL needs a fixed JWT key (several instances share it).
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, JWT_SECRET: 'crash-test-jwt-secret-0123456789abcdef' },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

// Like the API suite: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise (one run stays under a minute).
const adminUrl = process.env.TEST_DATABASE_URL;
const targets: Array<['pglite' | 'postgres', () => Promise<Target>]> = adminUrl
  ? [['postgres', () => postgresTarget(adminUrl)]]
  : [['pglite', pgliteTarget]];

describe.each(targets)('seamless wallet after SIGKILL mid-load (%s)', (_kind, makeTarget) => {
  let target: Target;
  let server: ServerProcess | null = null;
  const start = async () => {
    server = await startServer({
      ...target.env,
      SEED_DEMO_DATA: 'false',
      SEAMLESS_PROVIDERS: JSON.stringify([PROVIDER]),
    });
    await server.ready();
    return server;
  };

  beforeAll(async () => {
    target = await makeTarget();
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('applies every bet and win exactly once, balances match the ledger, replays answer the first answer', async () => {
    // ── Players with funds and launch tokens ──
    let live = await start();
    const players: { id: string; chains: Planned[][] }[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      const { id } = await registerPlayer({ server: live.url });
      const credit = await fetch(`${live.url}/api/dev/wallet/credit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          playerId: id,
          currency: 'EUR',
          amount: CREDIT_CENTS / 100,
          idempotencyKey: `crash-${id}`,
        }),
      });
      expect(credit.status).toBe(200);
      const launched = await fetch(`${live.url}/api/dev/seamless/launch-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playerId: id, currency: 'EUR', providerId: PROVIDER.id, gameId: 'slot-1' }),
      });
      const token = ((await launched.json()) as { data: { token: string } }).data.token;
      players.push({ id, chains: Array.from({ length: CHAINS_PER_PLAYER }, (_, c) => planChain(p, c, token)) });
    }
    const chains = players.flatMap((p) => p.chains);
    const planned = chains.flat();

    // ── Load, then SIGKILL while requests are in flight ──
    const first = new Map<string, Answer>();
    let answered = 0;
    let killed = false;
    const crashed = live.exited;
    const load = chains.map(async (chain) => {
      for (const request of chain) {
        if (killed) return;
        const res = await send(live.url, request);
        if (!res) return; // cut by the kill: the request may or may not have been applied
        expect(res.status).toBe(200);
        expect(res.json.status).toBe('OK');
        first.set(request.transactionId, res.json);
        if (++answered === KILL_AFTER_ANSWERS) {
          killed = true;
          live.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(load);
    expect(killed).toBe(true);
    expect(await crashed).toBeNull(); // killed by the signal, no exit code
    expect(first.size).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(first.size).toBeLessThan(planned.length);
    await live.stop();

    // ── Restart on the same data; replay every planned request, chains in parallel, in order ──
    live = await start();
    const second = new Map<string, Answer>();
    await Promise.all(
      chains.map(async (chain) => {
        for (const request of chain) {
          const res = await send(live.url, request);
          expect(res?.status).toBe(200);
          expect(res?.json.status).toBe('OK');
          second.set(request.transactionId, res!.json);
        }
      }),
    );
    for (const [id, answer] of first) expect(second.get(id), id).toEqual(answer);

    // A second full replay, all at once: every answer is now a stored one.
    const third = await Promise.all(planned.map((request) => send(live.url, request)));
    for (const [i, request] of planned.entries()) {
      expect(third[i]?.json, request.transactionId).toEqual(second.get(request.transactionId));
    }
    await live.stop();
    server = null;

    // ── The books, read directly from the database ──
    const database = await target.open();
    try {
      const db = database.db;
      expect(await ledgerViolations(db)).toEqual([]);
      const applied = await rows<{ key: string; n: number; legs: number }>(
        db,
        sql`select s.provider_tx_id as key, count(distinct t.id)::int as n, count(e.id)::int as legs
            from wallet.seamless_transactions s
            join wallet.transactions t on t.id = s.ledger_transaction_id
            join wallet.entries e on e.transaction_id = t.id
            where s.provider_id = ${PROVIDER.id} and t.kind in ('game.bet', 'game.win') group by s.provider_tx_id`,
      );
      const byKey = new Map(applied.map((r) => [r.key, r]));
      expect(applied).toHaveLength(planned.length);
      // No ledger movement without its provider transaction (a movement applied twice would show here).
      const movements = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from wallet.transactions where kind in ('game.bet', 'game.win')`,
      );
      expect(movements[0]?.n).toBe(planned.length);
      for (const request of planned) {
        expect(byKey.get(request.transactionId), request.transactionId).toMatchObject({
          n: 1,
          legs: 2,
        });
      }
      const recorded = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from wallet.seamless_transactions where provider_id = ${PROVIDER.id}`,
      );
      expect(recorded[0]?.n).toBe(planned.length);

      for (const player of players) {
        const expected = CREDIT_CENTS + player.chains.flat().reduce((sum, r) => sum + r.delta, 0);
        const [account] = await rows<{ real: string; entries: string }>(
          db,
          sql`select a.real::text as real, coalesce(sum(e.amount), 0)::text as entries
              from wallet.accounts a left join wallet.entries e on e.account_id = a.id
              where a.player_id = ${player.id} and a.currency = 'EUR' group by a.id`,
        );
        expect(account).toEqual({ real: String(expected), entries: String(expected) });
        expect(expected).toBeGreaterThan(0);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
