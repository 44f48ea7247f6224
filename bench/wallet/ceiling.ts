// PostgreSQL's ceiling for the seamless round trip: the statements one bet and one win really ran (recorded
// inside the server, count-queries.ts), replayed by pgbench's C client with no Node, HTTP or JSON in the way.
// Round trips/s here bound what any server could do with these statements on this machine; next to
// tpcb-like in the same run it says how much of the ratio to pgbench the SQL alone allows. Two variants:
// "as sent" waits for each statement like the server does; "pipelined" sends each transaction in one write,
// the bound for a movement in one database round trip (a stored function, say).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RECORD_MESSAGE, RECORDED_MESSAGE, type RecordedStatement } from './count-queries.ts';
import { type PgbenchResult, runPgbenchScript } from './pgbench.ts';

export interface CeilingResult {
  /** Statements per transaction replayed (BEGIN/COMMIT apart): the bet's, then the win's. */
  statements: [number, number];
  asSent: PgbenchResult;
  pipelined: PgbenchResult;
}

/** Arms the server's recorder: the round's bet and win (`marker`, its round id, among their values) are kept. */
export function startRecording(child: ChildProcess, marker: string): void {
  child.send({ type: RECORD_MESSAGE, marker, keep: 2 });
}

/** The transactions the server kept since startRecording, in commit order. */
export function recorded(child: ChildProcess): Promise<RecordedStatement[][]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no recorded transactions from the server (IPC)')), 5000);
    const onMessage = (message: { type?: string; transactions?: RecordedStatement[][] }) => {
      if (message?.type !== RECORDED_MESSAGE || !message.transactions) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.transactions);
    };
    child.on('message', onMessage);
    child.send({ type: RECORDED_MESSAGE });
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** What a recorded value stands for, as a pgbench expression: per client, per round, or a constant. */
interface Substitutions {
  /** Exact values and substrings: the round id (its transaction ids keep their suffix), this client's ids, this round's. */
  needles: [string, string][];
  tokenHashes: Set<string>;
}

/** `:` inside a literal would read as a pgbench variable: each one becomes chr(58). */
const literal = (text: string) =>
  text
    .split(':')
    .map((part) => `'${part.replaceAll("'", "''")}'`)
    .join(' || chr(58) || ');

function expression(value: unknown, subs: Substitutions): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (subs.tokenHashes.has(text)) return `('seat-' || :seat::text)`;
  if (TIMESTAMP.test(text)) return 'now()';
  const exact = subs.needles.find(([needle]) => needle === text);
  if (exact) return `(${exact[1]})`;
  // A string with ids inside (JSON, a transaction id built from the round id): literal parts and variables.
  const parts: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    let best: { at: number; needle: string; replacement: string } | null = null;
    for (const [needle, replacement] of subs.needles) {
      const at = rest.indexOf(needle);
      if (at >= 0 && (best === null || at < best.at)) best = { at, needle, replacement };
    }
    if (!best) {
      parts.push(literal(rest));
      break;
    }
    if (best.at > 0) parts.push(literal(rest.slice(0, best.at)));
    parts.push(`${best.replacement}::text`);
    rest = rest.slice(best.at + best.needle.length);
  }
  return `(${parts.join(' || ')})`;
}

/** `$n` in a statement's text replaced by its value's expression. */
const statementOf = (s: RecordedStatement, subs: Substitutions) =>
  `${s.text.replace(/\$(\d+)/g, (_, n: string) => expression(s.values[Number(n) - 1], subs)).trimEnd()};\n`;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Finds what each recorded id is: the bench's player accounts and players become per-client variables, ledger
 * transaction ids a fresh id per round, anything else (the house account, say) stays as recorded.
 */
async function substitutionsOf(url: string, transactions: RecordedStatement[][], roundId: string) {
  const ids = new Set<string>();
  for (const s of transactions.flat())
    for (const v of s.values) for (const m of String(v).matchAll(UUID)) ids.add(m[0]);
  return withClient(url, async (client) => {
    const list = [...ids];
    const idsIn = async (sql: string) =>
      new Set((await client.query<{ id: string }>(sql, [list])).rows.map((r) => r.id));
    const accounts = await idsIn(
      `select id::text from wallet.accounts where id = any($1::uuid[]) and owner_kind = 'player'`,
    );
    const players = await idsIn('select id::text from player.players where id = any($1::uuid[])');
    const ledger = await idsIn('select id::text from wallet.transactions where id = any($1::uuid[])');
    const tokens = await client.query<{ token_hash: string }>('select token_hash from wallet.seamless_sessions');
    const needles: [string, string][] = [[roundId, ':r::text']];
    for (const id of accounts) needles.push([id, ':account']);
    for (const id of players) needles.push([id, ':player']);
    for (const [k, id] of [...ledger].entries()) needles.push([id, `md5(:r::text || '${k}')::uuid`]);
    return { needles, tokenHashes: new Set(tokens.rows.map((r) => r.token_hash)) };
  });
}

/** Renames the launch sessions `seat-0 … seat-n-1`: pgbench client c plays seat c % n. */
const seatSessions = (url: string) =>
  withClient(url, async (client) => {
    const { rowCount } = await client.query(
      `update wallet.seamless_sessions s set token_hash = 'seat-' || x.n
         from (select token_hash, row_number() over (order by token_hash) - 1 as n from wallet.seamless_sessions) x
        where s.token_hash = x.token_hash`,
    );
    return rowCount ?? 0;
  });

const movementsIn = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from wallet.transactions where kind in ('game.bet', 'game.win')`,
    );
    return Number(rows[0]?.n);
  });

/** The pgbench script: once per client its seat's account and player, then the bet's and the win's transactions. */
function scriptOf(transactions: RecordedStatement[][], subs: Substitutions, seats: number, pipelined: boolean) {
  let script = `\\set r random(1, 1000000000000000)\n\\set seat :client_id % ${seats}\n\\if :seated = 0\n`;
  script += `select a.id as account, a.player_id as player from wallet.seamless_sessions s
  join wallet.accounts a on a.id = s.account_id where s.token_hash = 'seat-' || :seat::text \\gset\n`;
  script += '\\set seated 1\n\\endif\n';
  for (const transaction of transactions) {
    if (pipelined) script += '\\startpipeline\n';
    script += 'BEGIN;\n';
    for (const s of transaction) script += statementOf(s, subs);
    script += 'COMMIT;\n';
    if (pipelined) script += '\\endpipeline\n';
  }
  return script;
}

/**
 * Replays the recorded bet and win (`transactions`, round `roundId`) on the server's database `url`, the server
 * stopped: as sent, then pipelined, each at `clients` for `seconds`. Fails unless every replayed round trip
 * moved money twice (a replay that silently did nothing would measure nothing).
 */
export async function runCeiling(
  url: string,
  transactions: RecordedStatement[][],
  roundId: string,
  clients: number,
  seconds: number,
): Promise<CeilingResult> {
  if (transactions.length !== 2) throw new Error(`expected the round's bet and win, recorded ${transactions.length}`);
  const subs = await substitutionsOf(url, transactions, roundId);
  const seats = await seatSessions(url);
  const dir = mkdtempSync(join(tmpdir(), 'croupier-ceiling-'));
  try {
    const run = async (pipelined: boolean) => {
      const file = join(dir, pipelined ? 'pipelined.sql' : 'as-sent.sql');
      writeFileSync(file, scriptOf(transactions, subs, seats, pipelined));
      const before = await movementsIn(url);
      const result = runPgbenchScript(url, clients, seconds, ['-n', '-M', 'prepared', '-D', 'seated=0', '-f', file]);
      const moved = (await movementsIn(url)) - before;
      // -T stops clients mid-script, so the last round trip of a client may have moved once.
      if (Math.abs(moved - 2 * result.transactions) > clients) {
        throw new Error(`pgbench replayed ${result.transactions} round trips but ${moved} movements were made`);
      }
      return result;
    };
    const asSent = await run(false);
    const pipelined = await run(true);
    return { statements: [transactions[0]!.length, transactions[1]!.length], asSent, pipelined };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
