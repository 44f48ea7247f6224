// A game provider over the signed seamless-wallet API, retrying as docs/provider-api.md tells providers to: a
// timeout, a connection error or a 5xx is sent again with the same body; a bet given up on is rolled back (safe
// even if it never arrived); a win is sent until answered. It keeps its own record of what it sent and what it was
// answered, which the invariant checker compares with the ledger.
import { createHmac } from 'node:crypto';
import { now, sleep } from './cluster.ts';
import { statusKind, type Tally, transportKind } from './tally.ts';

export interface Seat {
  playerId: string;
  accountId: string;
  token: string;
}

/** One transaction as the provider saw it. Amounts in cents. */
export interface Sent {
  txId: string;
  kind: 'bet' | 'win' | 'rollback';
  roundId: string;
  playerId: string;
  cents: number;
  /** ok: answered OK; refused: a business ERROR (final); unanswered: given up after every retry. */
  outcome: 'ok' | 'refused' | 'unanswered';
  code?: string;
  ledgerTransactionId?: string | null;
  /** The bet a rollback cancels. */
  refTxId?: string;
  attempts: number;
}

export interface ProviderOptions {
  origin: string;
  id: string;
  secret: string;
  gameId: string;
  tally: Tally;
  /** Per attempt. */
  timeoutMs?: number;
  /** How long a bet is retried before it is rolled back instead. */
  betBudgetMs?: number;
  /** How long a win or a rollback is retried (they must land: the provider owes them). */
  settleBudgetMs?: number;
}

const cents = (major: string) => Math.round(Number(major) * 100);
const major = (c: number) => (c / 100).toFixed(2);

export class Provider {
  readonly sent: Sent[] = [];
  private counter = 0;
  private readonly runId = `lg-${Date.now().toString(36)}`;

  constructor(private readonly o: ProviderOptions) {}

  /** One signed call with retries until `budgetMs`; the final answer's JSON, or null when never answered. */
  private async call(path: string, payload: object, budgetMs: number) {
    const body = JSON.stringify(payload);
    const signature = `sha256=${createHmac('sha256', this.o.secret).update(body).digest('hex')}`;
    const deadline = now() + budgetMs;
    let attempts = 0;
    for (let backoff = 50; ; backoff = Math.min(backoff * 2, 1000)) {
      attempts++;
      try {
        const res = await fetch(`${this.o.origin}/api/seamless/v1/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-provider-id': this.o.id, 'x-signature': signature },
          body,
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 5000),
        });
        const text = await res.text();
        if (res.status < 500) {
          this.o.tally.ok();
          if (res.status !== 200) this.o.tally.error(`final ${statusKind(res.status, text)}`);
          return {
            answer: JSON.parse(text) as { status: string; code?: string; ledgerTransactionId?: string | null },
            attempts,
          };
        }
        this.o.tally.error(statusKind(res.status, text));
      } catch (error) {
        this.o.tally.error(transportKind(error));
      }
      if (now() + backoff > deadline) return { answer: null, attempts };
      await sleep(backoff);
    }
  }

  private async record(
    kind: Sent['kind'],
    seat: Seat,
    roundId: string,
    txId: string,
    amount: number,
    payload: object,
    budgetMs: number,
    refTxId?: string,
  ): Promise<Sent> {
    const { answer, attempts } = await this.call(
      kind,
      { token: seat.token, transactionId: txId, roundId, ...payload },
      budgetMs,
    );
    const entry: Sent = {
      txId,
      kind,
      roundId,
      playerId: seat.playerId,
      cents: amount,
      attempts,
      outcome: answer === null ? 'unanswered' : answer.status === 'OK' ? 'ok' : 'refused',
      ...(answer?.code ? { code: answer.code } : {}),
      ...(answer && 'ledgerTransactionId' in answer ? { ledgerTransactionId: answer.ledgerTransactionId } : {}),
      ...(refTxId ? { refTxId } : {}),
    };
    this.sent.push(entry);
    return entry;
  }

  /**
   * One round: a bet; unanswered, it is rolled back; answered OK, then either a win that closes the round
   * (sometimes 0) or, one round in ten, the provider's own rollback (a cancelled game).
   */
  async playRound(seat: Seat, random: () => number): Promise<void> {
    const n = ++this.counter;
    const roundId = `${this.runId}-r${n}`;
    const betId = `${roundId}-bet`;
    const stake = 10 + Math.floor(random() * 190);
    const bet = await this.record(
      'bet',
      seat,
      roundId,
      betId,
      stake,
      { amount: major(stake), currency: 'EUR' },
      this.o.betBudgetMs ?? 15_000,
    );
    const settle = this.o.settleBudgetMs ?? 120_000;
    if (bet.outcome === 'unanswered' || (bet.outcome === 'ok' && random() < 0.1)) {
      await this.record(
        'rollback',
        seat,
        roundId,
        `${roundId}-rb`,
        stake,
        { rollbackTransactionId: betId },
        settle,
        betId,
      );
      return;
    }
    if (bet.outcome !== 'ok') return;
    const payout = random() < 0.4 ? 0 : Math.floor(random() * 3 * stake);
    await this.record(
      'win',
      seat,
      roundId,
      `${roundId}-win`,
      payout,
      { betTransactionId: betId, amount: major(payout), currency: 'EUR', closeRound: true },
      settle,
    );
  }
}

export { cents, major };
