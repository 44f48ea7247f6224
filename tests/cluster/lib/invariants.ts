// After each fault, the provider's own record and the players' sockets against the ledger on the primary:
// - the ledger's own invariants (the wallet tests' ledgerViolations: balanced, never negative, balances = entries);
// - every transaction the provider was answered OK for is in the ledger once, as answered; none twice;
// - a bet the provider gave up on and rolled back moved nothing in the end;
// - each player's balance = credit − bets that stand + wins, by the provider's record (no bet lost or doubled);
// - a socket that stayed connected got every balance publication of its account once, in order; a socket that
//   reconnected got none twice and ends, after its resync, on the ledger's balance (decision 0084).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ledgerViolations } from '../../../apps/server/test/wallet/ledger-invariants.ts';
import { CREDIT_CENTS, type LoadPlayer, type SocketLog } from './players.ts';
import type { Sent } from './provider.ts';

export interface Findings {
  ledger: string[];
  jobs: string[];
  provider: string[];
  sockets: string[];
  /** Bets the provider was answered OK for and did not cancel, missing from the ledger. */
  betsLost: number;
  /** Transactions present more than once, or bets charged that the provider cancelled. */
  betsDoubled: number;
}

/** Running balance (cents, real + bonus) after each ledger transaction of one account, in ledger order. */
export async function balanceSequences(pool: pg.Pool, accountIds: string[]): Promise<Map<string, number[]>> {
  const { rows } = await pool.query<{ account_id: string; delta: string }>(
    `select account_id, sum(amount)::text as delta from wallet.entries
      where account_id = any($1::uuid[]) and part in ('real', 'bonus')
      group by account_id, transaction_id order by account_id, min(id)`,
    [accountIds],
  );
  const out = new Map<string, number[]>(accountIds.map((id) => [id, []]));
  const running = new Map<string, number>();
  for (const row of rows) {
    const value = (running.get(row.account_id) ?? 0) + Number(row.delta);
    running.set(row.account_id, value);
    out.get(row.account_id)!.push(value);
  }
  return out;
}

/** Is `part` a subsequence of `whole` (order kept, nothing twice that is there once)? */
function isSubsequenceOf(part: number[], whole: number[]): boolean {
  let j = 0;
  for (const value of part) {
    while (j < whole.length && whole[j] !== value) j++;
    if (j === whole.length) return false;
    j++;
  }
  return true;
}

/**
 * One socket over one phase. `mark` is how many movements its account had when the phase began (the load was
 * quiet then) and the log was cleared: a socket with no connect or disconnect in the phase stayed connected.
 */
export function socketFindings(player: LoadPlayer, log: SocketLog, ledger: number[], mark: number): string[] {
  const out: string[] = [];
  const who = `player ${player.playerId.slice(0, 8)}`;
  const published = log.published.map((p) => p.cents);
  const stayed = log.connects.length === 0 && log.disconnects.length === 0;
  const phase = ledger.slice(mark);
  if (stayed) {
    if (published.join() !== phase.join()) {
      const missing = phase.length - published.length;
      out.push(
        `${who}: connected throughout, got ${published.length} publications for ${phase.length} movements` +
          `${missing > 0 ? ` (${missing} fewer)` : missing < 0 ? ` (${-missing} more)` : ''}` +
          `${isSubsequenceOf(published, phase) ? '' : ', not in the ledger’s order or twice'}`,
      );
    }
  } else if (!isSubsequenceOf(published, phase)) {
    out.push(`${who}: reconnected, and got a publication twice or out of order`);
  }
  // Its last word on the balance, publication or resync, is the ledger's.
  const last = [...log.published, ...log.snapshots].sort((a, b) => a.at - b.at).at(-1);
  const final = ledger.at(-1) ?? CREDIT_CENTS;
  if (last && last.cents !== final) out.push(`${who}: the socket ends on ${last.cents}, the ledger on ${final}`);
  return out;
}

export async function checkInvariants(
  databaseUrl: string,
  providerId: string,
  players: LoadPlayer[],
  sent: Sent[],
  marks: Map<string, number>,
): Promise<Findings> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  try {
    const findings: Findings = {
      ledger: await ledgerViolations(drizzle(pool)),
      jobs: await jobFindings(pool),
      provider: [],
      sockets: [],
      betsLost: 0,
      betsDoubled: 0,
    };

    const { rows } = await pool.query<{
      provider_tx_id: string;
      kind: string;
      amount: string;
      ledger_transaction_id: string | null;
      rolled_back: boolean;
      n: string;
    }>(
      `select provider_tx_id, min(kind) as kind, min(amount)::text as amount,
              min(ledger_transaction_id::text) as ledger_transaction_id,
              bool_or(rolled_back_at is not null) as rolled_back, count(*)::text as n
         from wallet.seamless_transactions where provider_id = $1 and provider_tx_id = any($2::text[])
        group by provider_tx_id`,
      [providerId, sent.map((s) => s.txId)],
    );
    const byId = new Map(rows.map((r) => [r.provider_tx_id, r]));
    const ledgerCount = await pool.query<{ id: string; n: string }>(
      `select transaction_id::text as id, count(distinct account_id)::text as n from wallet.entries
        where transaction_id = any($1::uuid[]) group by transaction_id`,
      [rows.map((r) => r.ledger_transaction_id).filter(Boolean)],
    );
    const inLedger = new Set(ledgerCount.rows.map((r) => r.id));

    const rolledBack = new Set(sent.filter((s) => s.kind === 'rollback' && s.outcome === 'ok').map((s) => s.refTxId!));
    const expected = new Map(players.map((p) => [p.playerId, CREDIT_CENTS]));
    for (const s of sent) {
      const row = byId.get(s.txId);
      if (row && Number(row.n) > 1) {
        findings.betsDoubled++;
        findings.provider.push(`${s.txId}: ${row.n} rows`);
      }
      if (s.outcome === 'unanswered') {
        // Only a bet may be given up on, and then it is rolled back; a win or rollback never answered is a loss.
        if (s.kind !== 'bet') findings.provider.push(`${s.kind} ${s.txId}: never answered`);
        else if (!rolledBack.has(s.txId)) findings.provider.push(`bet ${s.txId}: unanswered and not rolled back`);
        continue;
      }
      if (s.outcome !== 'ok') continue;
      const moved = s.ledgerTransactionId != null;
      if (!row && s.kind !== 'rollback') {
        findings.betsLost++;
        findings.provider.push(`${s.kind} ${s.txId}: answered OK, not in the ledger`);
        continue;
      }
      if (row && (row.ledger_transaction_id ?? null) !== (s.ledgerTransactionId ?? null)) {
        findings.provider.push(
          `${s.kind} ${s.txId}: answered ${s.ledgerTransactionId}, recorded ${row.ledger_transaction_id}`,
        );
      }
      if (moved && !inLedger.has(s.ledgerTransactionId!)) {
        findings.betsLost++;
        findings.provider.push(`${s.kind} ${s.txId}: its ledger transaction ${s.ledgerTransactionId} has no entries`);
      }
      const delta =
        s.kind === 'bet' ? (moved && !rolledBack.has(s.txId) ? -s.cents : 0) : s.kind === 'win' ? s.cents : 0;
      expected.set(s.playerId, expected.get(s.playerId)! + delta);
      // A bet the provider cancelled must not stand.
      if (s.kind === 'bet' && rolledBack.has(s.txId) && row && moved && !row.rolled_back) {
        findings.betsDoubled++;
        findings.provider.push(`bet ${s.txId}: rolled back OK, still charged`);
      }
    }

    const accounts = await pool.query<{ id: string; player_id: string; cents: string }>(
      `select id, player_id, (real + bonus)::text as cents from wallet.accounts where id = any($1::uuid[])`,
      [players.map((p) => p.accountId)],
    );
    for (const a of accounts.rows) {
      const want = expected.get(a.player_id)!;
      if (Number(a.cents) !== want) {
        findings.provider.push(
          `player ${a.player_id.slice(0, 8)}: balance ${a.cents}, the provider's record says ${want}`,
        );
        if (Number(a.cents) > want) findings.betsLost++;
        else findings.betsDoubled++;
      }
    }

    const sequences = await balanceSequences(
      pool,
      players.map((p) => p.accountId),
    );
    for (const p of players) {
      if (p.socket)
        findings.sockets.push(
          ...socketFindings(p, p.socket.log, sequences.get(p.accountId)!, marks.get(p.accountId) ?? 0),
        );
    }
    return findings;
  } finally {
    await pool.end();
  }
}

/**
 * Every job once: no job failed, none waits twice (the same name and data pending more than once, as two instances
 * scheduling the next run after a restart would leave), none still active after the load's quiet end.
 */
async function jobFindings(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string; problem: string; n: string }>(
    `select name, 'failed' as problem, count(*)::text as n from jobs.job where state = 'failed' group by name
     union all
     select name, 'pending twice', count(*)::text from jobs.job where state in ('created', 'retry')
      group by name, data having count(*) > 1
     union all
     select name, 'active past its expiry', count(*)::text from jobs.job
      where state = 'active' and started_on + expire_in < now() group by name`,
  );
  return rows.map((r) => `job ${r.name}: ${r.n} ${r.problem}`);
}

export const clean = (f: Findings) =>
  f.ledger.length === 0 &&
  f.jobs.length === 0 &&
  f.provider.length === 0 &&
  f.sockets.length === 0 &&
  f.betsLost === 0 &&
  f.betsDoubled === 0;
