import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { card, deposit, paymentPlayer, turnOverOff, WEBHOOK_SECRET, withdraw } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// Reconciliation tests (issue 28, decision 0121): players who deposit, play through the signed seamless API and
// withdraw, and an owner who asks for a reconciliation through the back office's route.

export const today = () => new Date().toISOString().slice(0, 10);

export async function reconcileTestApp(env: Record<string, string> = {}) {
  const t = await createSeamlessTestApp({}, { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env });
  // Deposits may be withdrawn at once (the turn-over wager is tested in test/risk).
  await turnOverOff(t);
  const owner = await signedInStaff(t, 'owner');
  return { t, owner };
}

export interface Gamer {
  playerId: string;
  /** The player's API access token. */
  token: string;
  accountId: string;
  /** A seamless launch token (EUR, acme/slot-1). */
  game: string;
}

/** A registered EUR player with a launch token, funded by a card deposit of `funds` (major units) unless 0. */
export async function gamer(t: SeamlessTestApp, funds = 0): Promise<Gamer> {
  const p = await paymentPlayer(t);
  if (funds > 0) await depositOf(t, p, funds);
  return { ...p, game: await t.launch(p.playerId) };
}

export async function depositOf(t: SeamlessTestApp, p: Pick<Gamer, 'token' | 'accountId'>, amount: number) {
  const res = await deposit(t, p as never, card('4242 4242 4242 4242', amount));
  if (res.status !== 200) throw new Error(`deposit failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/** A withdrawal, settled by the payment sweep (the sandbox's bank transfer). */
export async function withdrawalOf(t: SeamlessTestApp, p: Gamer, amount: number) {
  const res = await withdraw(t, p as never, amount);
  if (res.status !== 200) throw new Error(`withdrawal failed: ${res.status} ${JSON.stringify(res.json)}`);
  await t.app.payment.sweep(new Date(Date.now() + 11_000));
}

/** A seamless movement; answers the protocol's answer (status 'OK' or an error code). */
export async function movement(t: SeamlessTestApp, path: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) {
  const res = await t.seamless(path, body);
  return res.json as { status: string; transactionId?: string; ledgerTransactionId?: string | null };
}

export const bet = (t: SeamlessTestApp, g: Gamer, roundId: string, amount: string, extra = {}) =>
  movement(t, 'bet', {
    token: g.game,
    transactionId: `${roundId}:b:${randomUUID()}`,
    roundId,
    amount,
    currency: 'EUR',
    ...extra,
  });

export const win = (t: SeamlessTestApp, g: Gamer, roundId: string, amount: string, betTransactionId?: string) =>
  movement(t, 'win', {
    token: g.game,
    transactionId: `${roundId}:w:${randomUUID()}`,
    roundId,
    ...(betTransactionId ? { betTransactionId } : {}),
    amount,
    currency: 'EUR',
    closeRound: true,
  });

export const rollback = (t: SeamlessTestApp, g: Gamer, roundId: string, betTransactionId: string) =>
  movement(t, 'rollback', {
    token: g.game,
    transactionId: `${roundId}:rb:${randomUUID()}`,
    rollbackTransactionId: betTransactionId,
    roundId,
  });

/** POST /api/backoffice/reports/reconciliation as `staff`, then the screen's GET. */
export async function reconcileNow(t: SeamlessTestApp, staff: TestStaff, from = today(), to = from) {
  const run = await staffRequest(t, staff, 'POST', '/api/backoffice/reports/reconciliation', { from, to });
  if (run.status !== 200) throw new Error(`reconcile failed: ${run.status} ${run.body}`);
  const report = await staffRequest(t, staff, 'GET', '/api/backoffice/reports/reconciliation');
  return {
    run: run.json.data as { id: string; compared: number; findings: number; finishedAt: string | null },
    findings: report.json.data.findings as {
      figure: string;
      date: string;
      currency: string;
      key: string | null;
      rollup: string;
      ledger: string;
    }[],
    lastRunId: report.json.data.lastRun?.id as string | undefined,
  };
}

export async function rowsOf<T = Record<string, unknown>>(t: SeamlessTestApp, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs one statement (a tamper, a hand-written rollup row). */
export const exec = (t: SeamlessTestApp, query: SQL) => t.database.db.execute(query);

export { sql };
