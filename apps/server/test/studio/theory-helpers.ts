import { blackjack, FairStream, type Rng } from '@croupier/games';
import { adapters, type GameId, type Step, type StoredAction } from '../../src/modules/studio/games/index.ts';

/** One round played through the studio's adapter (the code the API runs): what it staked and paid. */
export interface Played {
  stake: bigint;
  payout: bigint;
}

/** Runs a round to its end through the adapter, `next` choosing each action of a multi-step game. */
export function playThrough(
  game: GameId,
  bet: bigint,
  rawChoice: Record<string, unknown>,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  next: (state: unknown) => StoredAction = () => {
    throw new Error('no strategy');
  },
): Played {
  const adapter = adapters[game];
  const choice = adapter.parseChoice(rawChoice, bet);
  let step: Step = adapter.start(bet, choice, new FairStream(seeds));
  while (!step.done) step = adapter.act!(step.state, next(step.state), seeds);
  return { stake: step.stake, payout: step.payout };
}

/** Basic strategy on the adapter's stored blackjack state (the engine's own strategy table). */
export function basicStrategyAction(stored: unknown): StoredAction {
  const s = (stored as { game: blackjack.BlackjackState }).game;
  const hand = s.hands[s.active]!;
  const legal = blackjack.legalActions(s);
  const { total, soft } = blackjack.handTotal(hand.cards);
  return {
    action: blackjack.basicStrategy({
      total,
      soft,
      pair: legal.includes('split') ? blackjack.cardValue(hand.cards[0]!) : null,
      up: blackjack.cardValue(s.dealer[0]!),
      canDouble: legal.includes('double'),
    }),
  };
}

/** A source that answers the given numbers in order: exhaustive enumeration through the real engines. */
export class ScriptedStream implements Rng {
  private i = 0;
  constructor(private readonly values: number[]) {}
  nextUint32(): number {
    const v = this.values[this.i++];
    if (v === undefined) throw new Error('script exhausted');
    return v;
  }
  nextInt(n: number): number {
    const v = this.nextUint32();
    if (v >= n) throw new Error(`${v} is not below ${n}`);
    return v;
  }
  nextFloat(): number {
    return this.nextUint32() / 2 ** 32;
  }
}
export const scripted = (...values: number[]) => new ScriptedStream(values) as unknown as FairStream;

/** Mean, variance and the variance's standard error of a sample of payouts per unit staked. */
export class Moments {
  n = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  private s4 = 0;
  add(x: number, weight = 1): void {
    this.n += weight;
    this.s1 += weight * x;
    this.s2 += weight * x * x;
    this.s3 += weight * x ** 3;
    this.s4 += weight * x ** 4;
  }
  get mean(): number {
    return this.s1 / this.n;
  }
  get variance(): number {
    return this.s2 / this.n - this.mean ** 2;
  }
  /** Standard error of the mean. */
  get meanSe(): number {
    return Math.sqrt(this.variance / this.n);
  }
  /** Standard error of the sample variance: √((μ₄ − σ⁴) / n), μ₄ the fourth central moment. */
  get varianceSe(): number {
    const m = this.mean;
    const mu4 = this.s4 / this.n - 4 * m * (this.s3 / this.n) + 6 * m * m * (this.s2 / this.n) - 3 * m ** 4;
    return Math.sqrt(Math.max(mu4 - this.variance ** 2, 0) / this.n);
  }
}

export const SEEDS = { serverSeed: 'c'.repeat(64), clientSeed: 'theory-test' };
