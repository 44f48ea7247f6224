import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { card } from '../payment/helpers.ts';
import { nextIp, registration, uniqueEmail } from '../player/helpers.ts';
import { type Action, CURRENCIES, type Referral, roundOwner, ZONES } from './actions.ts';
import type { Bench } from './bench.ts';
import { CASH_BONUS, DEPOSIT_BONUS, MAX_STEPS, START_FUNDS, STEP_HOURS } from './definitions.ts';
import {
  type Facts,
  type Prediction,
  predict,
  runSeamless,
  type SeamlessStep,
  targetBonus,
  targetLimit,
  World,
} from './oracle.ts';

// One sequence of the model-based test: two fresh players with an EUR and a USD account each, the hostile
// actions sent to the real API and the signed seamless API, and the oracle's prediction for each.

export interface Seen {
  outcome: 'ok' | 'refused' | 'skip' | 'error';
  /** The answer, short: HTTP status and error code or seamless code. */
  detail: string;
}

interface Sent {
  path: string;
  payload: string;
  steps: SeamlessStep[];
  /** The oracle's view: the request was accepted once (a replay then answers the same, changing nothing). */
  accepted: boolean;
}

interface PlayerHandles {
  id: string;
  auth: string;
  accounts: Record<string, string>;
  tokens: Record<string, string>;
}

const major = (minor: bigint | number) => (Number(minor) / 100).toFixed(2);

export class Sequence {
  readonly world: World;
  players: PlayerHandles[] = [];
  private readonly tag = randomBytes(4).toString('hex');
  private sent: Sent[] = [];
  /** Every bet id sent (refused ones too), with its round and token: targets of wins and rollbacks. */
  private bets: { id: string; round: string; player: number; currency: string; accepted: boolean }[] = [];
  private n = 0;
  /** Players whose limits and quests the checks read (they acted on them). */
  readonly limited = new Set<number>();
  readonly questing = new Set<number>();

  constructor(
    readonly bench: Bench,
    readonly referral: Referral,
  ) {
    this.world = new World(referral);
  }

  private get t() {
    return this.bench.t;
  }

  /** Registers both players (player 1 with player 0's code when referred), funds and launches every account. */
  async start(): Promise<void> {
    this.bench.clock.reset();
    const device = `mm-${this.tag}`;
    const ip = nextIp();
    const p0 = await this.register({ fingerprint: `${device}-0`, ip });
    let code = '';
    if (this.referral !== 'none') {
      code = (await this.t.call('GET', '/api/player/profile', { token: p0.auth })).json.data.referralCode;
    }
    const same = this.referral === 'sameDevice';
    const p1 = await this.register({
      fingerprint: same ? `${device}-0` : `${device}-1`,
      ip: same ? ip : nextIp(),
      referralCode: code,
    });
    this.players = [p0, p1];
    for (const p of this.players) {
      for (const currency of CURRENCIES) {
        const res = await this.t.call('POST', '/api/dev/wallet/credit', {
          body: { playerId: p.id, currency, amount: Number(START_FUNDS) / 100 },
        });
        if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
        p.accounts[currency] = res.json.data.id;
        p.tokens[currency] = await this.t.launch(p.id, { currency });
      }
    }
  }

  private async register(extra: { fingerprint: string; ip: string; referralCode?: string }) {
    const res = await this.t.call('POST', '/api/player/register', {
      ip: extra.ip,
      body: registration(uniqueEmail('model'), {
        referralCode: extra.referralCode ?? '',
        fingerprint: extra.fingerprint,
      }),
    });
    if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.json)}`);
    return {
      id: res.json.data.profile.id as string,
      auth: res.json.data.accessToken as string,
      accounts: {},
      tokens: {},
    };
  }

  /** Runs one action on the product and on the oracle. */
  async step(a: Action): Promise<{ seen: Seen; predicted: Prediction }> {
    switch (a.kind) {
      case 'bet':
      case 'win':
      case 'rollback':
      case 'batch':
        return this.seamless(a);
      case 'replay':
        return this.replay(a.index);
      default:
        return this.api(a);
    }
  }

  private roundId = (a: Parameters<typeof roundOwner>[0]) => {
    const o = roundOwner(a);
    return `${this.tag}-p${o.p}${CURRENCIES[o.c]}-r${o.k}`;
  };

  /** The `n`-th latest bet sent (refused ones too); undefined one past the oldest. */
  private latestBet(n: number) {
    return this.bets[this.bets.length - 1 - (n % (this.bets.length + 1))];
  }

  /** The `n`-th latest bet the product accepted: what a provider pays. */
  private latestAccepted(n: number) {
    const accepted = this.bets.filter((b) => b.accepted);
    return accepted[accepted.length - 1 - (n % Math.max(accepted.length, 1))];
  }

  private async seamless(a: Extract<Action, { kind: 'bet' | 'win' | 'rollback' | 'batch' }>) {
    const id = () => `${this.tag}-${++this.n}`;
    // Wins and rollbacks follow a bet: its token, unless the action is a hostile one with its own.
    const target =
      a.kind === 'win' ? this.latestAccepted(a.target) : a.kind === 'rollback' ? this.latestBet(a.target) : undefined;
    const own = { player: a.p as number, currency: CURRENCIES[a.c] as string };
    const { player, currency } = target && !('hostile' in a && a.hostile) ? target : own;
    let path: string;
    let body: Record<string, unknown>;
    let steps: SeamlessStep[];
    if (a.kind === 'bet') {
      const transactionId = id();
      const roundId = this.roundId(a);
      this.bets.push({ id: transactionId, round: roundId, player, currency, accepted: false });
      path = 'bet';
      body = { transactionId, roundId, amount: major(a.cents), currency };
      steps = [{ action: 'bet', player, currency, transactionId, round: roundId, amount: BigInt(a.cents) }];
    } else if (a.kind === 'win') {
      const transactionId = id();
      const roundId = target?.round ?? this.roundId({ ...a, round: 0, foreign: false });
      const amount = BigInt(a.cents);
      path = 'win';
      body = { transactionId, roundId, amount: major(a.cents), currency, closeRound: a.close };
      steps = [{ action: 'win', player, currency, transactionId, round: roundId, amount, close: a.close }];
    } else if (a.kind === 'rollback') {
      const transactionId = id();
      const bet = target ?? { id: `${this.tag}-ghost`, round: this.roundId({ ...a, foreign: false }) };
      const roundId = a.ownRound ? bet.round : this.roundId({ ...a, foreign: false });
      path = 'rollback';
      body = { transactionId, rollbackTransactionId: bet.id, roundId };
      steps = [{ action: 'rollback', player, currency, transactionId, target: bet.id, round: roundId }];
    } else {
      const betId = id();
      const winId = id();
      const roundId = this.roundId(a);
      this.bets.push({ id: betId, round: roundId, player, currency, accepted: false });
      path = 'batch';
      body = {
        actions: [
          { action: 'bet', transactionId: betId, roundId, amount: major(a.cents), currency },
          { action: 'win', transactionId: winId, roundId, amount: major(a.winCents), currency, closeRound: true },
        ],
      };
      const win = BigInt(a.winCents);
      steps = [
        { action: 'bet', player, currency, transactionId: betId, round: roundId, amount: BigInt(a.cents) },
        { action: 'win', player, currency, transactionId: winId, round: roundId, amount: win, close: true },
      ];
    }
    const payload = JSON.stringify({ token: this.players[player]!.tokens[currency], ...body });
    const sent: Sent = { path, payload, steps, accepted: false };
    this.sent.push(sent);
    const outcome = await this.send(sent);
    if (outcome.seen.outcome === 'ok' && (a.kind === 'bet' || a.kind === 'batch')) this.bets.at(-1)!.accepted = true;
    return outcome;
  }

  private async replay(index: number) {
    const sent = this.sent[this.sent.length - 1 - (index % Math.max(this.sent.length, 1))];
    if (!sent) return { seen: { outcome: 'skip', detail: '' } as Seen, predicted: { outcome: 'skip' } as Prediction };
    return this.send(sent);
  }

  /** Sends a seamless request as signed bytes; the oracle answers an accepted one's replay with no effect. */
  private async send(sent: Sent) {
    const res = await this.t.seamless(sent.path, undefined, { raw: sent.payload });
    const predicted: Prediction = sent.accepted ? { outcome: 'ok' } : runSeamless(this.world, sent.steps);
    if (predicted.outcome === 'ok') sent.accepted = true;
    const status = res.json?.status;
    const seen: Seen =
      res.status >= 500 || (status !== 'OK' && status !== 'ERROR')
        ? { outcome: 'error', detail: `${res.status} ${JSON.stringify(res.json)}` }
        : status === 'OK'
          ? { outcome: 'ok', detail: 'OK' }
          : { outcome: 'refused', detail: `${res.json.code}: ${res.json.message}` };
    return { seen, predicted };
  }

  /** The product id of the bonus the oracle names (by its issue key). */
  private async bonusId(issueKey: string): Promise<string | null> {
    const result = await this.t.database.db.execute(
      sql`select id from bonus.player_bonuses where issue_key = ${issueKey}`,
    );
    return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
  }

  private async api(a: Exclude<Action, { kind: 'bet' | 'win' | 'rollback' | 'batch' | 'replay' }>) {
    const w = this.world;
    const skip = { seen: { outcome: 'skip', detail: '' } as Seen, predicted: { outcome: 'skip' } as Prediction };
    const facts: Facts = {};
    const p = this.players[a.kind === 'advance' ? 0 : a.p]!;
    const token = p.auth;
    // biome-ignore lint/suspicious/noExplicitAny: API answers of every endpoint
    let res: { status: number; json: any } | null = null;
    switch (a.kind) {
      case 'deposit': {
        const currency = CURRENCIES[a.c];
        res = await this.t.call('POST', '/api/payment/invoices/deposit', {
          token,
          body: {
            currency,
            accountId: p.accounts[currency],
            redirectSuccessUrl: '/wallet/success',
            redirectErrorUrl: '/wallet/error',
            isBonusDecline: a.bonus === 'declined',
            ...(a.bonus === 'form' ? { bonusId: this.bench.depositBonusId } : {}),
            ...card('4242424242424242', a.amount),
          },
        });
        if (res.status === 200) facts.issueKey = `invoice:${res.json.data.invoiceId}`;
        break;
      }
      case 'code': {
        const terms = a.code === 'cash' ? CASH_BONUS : DEPOSIT_BONUS;
        res = await this.t.call('POST', '/api/game/bonuses/bonuscodes', {
          token,
          body: { bonusCode: terms.code, trigger: a.code === 'cash' ? 1 : 3 },
        });
        if (res.status === 200) {
          facts.issueKey = `code:${res.json.data.id}`;
          // Applied (2) or attached (1); anything else is a refusal in the oracle's terms.
          if (res.json.data.status !== (a.code === 'cash' ? 2 : 1)) res = { status: 409, json: res.json };
        }
        break;
      }
      case 'activate':
      case 'cancel': {
        const target = targetBonus(w, a);
        if (!target) return skip;
        const id = await this.bonusId(target.issueKey);
        if (!id) throw new Error(`no product bonus for ${target.issueKey}`);
        res = await this.t.call('PUT', `/api/game/player-bonuses/${id}/${a.kind}`, { token });
        break;
      }
      case 'switch':
        res = await this.t.call('PUT', `/api/wallet/accounts/${p.accounts[CURRENCIES[a.c]]}/switch`, { token });
        break;
      case 'timeZone':
        res = await this.t.call('PUT', '/api/player/profile', { token, body: { timeZone: ZONES[a.zone] } });
        break;
      case 'limit':
        this.limited.add(a.p);
        res = await this.t.call('POST', '/api/player/limits', {
          token,
          body: { definition: a.definition, period: a.period, currency: CURRENCIES[a.c], amount: a.amount },
        });
        break;
      case 'unlimit': {
        const l = targetLimit(w, a);
        if (!l) return skip;
        const list = (await this.t.call('GET', '/api/player/limits', { token })).json.data as {
          id: string;
          definition: number;
          currency: string;
          period: string;
        }[];
        const row = list.find(
          (r) => r.definition === l.definition && r.currency === l.currency && r.period === l.period,
        );
        if (!row) {
          return { seen: { outcome: 'refused', detail: 'not listed' } as Seen, predicted: predict(w, a, facts) };
        }
        res = await this.t.call('DELETE', `/api/player/limits/${row.id}`, { token });
        break;
      }
      case 'coolOff':
        this.limited.add(a.p);
        res = await this.t.call('POST', '/api/player/limits', { token, body: { definition: 5, period: '24h' } });
        break;
      case 'advance':
        if (w.steps >= MAX_STEPS) return skip;
        this.bench.clock.advance(STEP_HOURS);
        res = { status: 200, json: null };
        break;
      case 'quest':
        this.questing.add(a.p);
        res = await this.t.call('PUT', `/api/retention/quests/${this.bench.questId}/activate`, { token });
        break;
      case 'wheel':
        res = await this.t.call('POST', `/api/retention/wheels/${this.bench.wheelId}/spin`, { token, body: {} });
        break;
    }
    const predicted = predict(w, a, facts);
    const seen: Seen =
      res.status >= 500
        ? { outcome: 'error', detail: `${res.status} ${JSON.stringify(res.json)}` }
        : res.status === 200
          ? { outcome: 'ok', detail: '200' }
          : {
              outcome: 'refused',
              detail: `${res.status} ${res.json?.error?.code ?? ''} ${res.json?.error?.message ?? ''} ${JSON.stringify(res.json?.error?.fields ?? {})}`,
            };
    return { seen, predicted };
  }
}
