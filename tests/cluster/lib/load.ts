// The load of the fault runs: P players, each playing rounds through the provider one after another and browsing
// its accounts and history, all through HAProxy, until stopped. A stop lets every round in flight finish (a bet
// given up on is rolled back first), so the checker then reads a quiet ledger.
import { now, sleep } from './cluster.ts';
import { browse, connectSocket, type LoadPlayer, seatPlayer } from './players.ts';
import { Provider } from './provider.ts';
import { Tally } from './tally.ts';

/** A seeded generator, so a run's stakes and outcomes can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LoadOptions {
  origin: string;
  providerId: string;
  secret: string;
  gameId: string;
  players: number;
  /** Players with a socket on their balance channel (the first ones). */
  sockets: number;
  seed: number;
}

export class Load {
  readonly provider: Provider;
  readonly providerTally = new Tally();
  readonly playerTally = new Tally();
  players: LoadPlayer[] = [];
  rounds = 0;
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly random: () => number;

  constructor(private readonly o: LoadOptions) {
    this.random = mulberry32(o.seed);
    this.provider = new Provider({
      origin: o.origin,
      id: o.providerId,
      secret: o.secret,
      gameId: o.gameId,
      tally: this.providerTally,
    });
  }

  async seat(): Promise<void> {
    const runId = Date.now().toString(36);
    for (let i = 0; i < this.o.players; i += 5) {
      const batch = Array.from({ length: Math.min(5, this.o.players - i) }, (_, k) =>
        seatPlayer(i + k, runId, this.o.providerId, this.o.gameId),
      );
      this.players.push(...(await Promise.all(batch)));
    }
    await Promise.all(this.players.slice(0, this.o.sockets).map(connectSocket));
  }

  start(): void {
    this.running = true;
    const going = () => this.running;
    this.loops = this.players.flatMap((player) => [
      (async () => {
        while (going()) {
          await this.provider.playRound(player, this.random);
          this.rounds++;
        }
      })(),
      browse(player, this.playerTally, going),
    ]);
  }

  /** Stops after the rounds in flight settle; then waits for the sockets' last publications. */
  async stop(quietMs = 2000): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    await sleep(quietMs);
  }

  /** Round trips per second over `seconds` of load, with nothing broken. */
  async throughput(seconds: number): Promise<{ roundsPerSecond: number; requestsPerSecond: number }> {
    const rounds0 = this.rounds;
    const requests0 = this.providerTally.answered + this.playerTally.answered;
    const t0 = now();
    this.start();
    await sleep(seconds * 1000);
    const elapsed = (now() - t0) / 1000;
    const rounds = this.rounds - rounds0;
    const requests = this.providerTally.answered + this.playerTally.answered - requests0;
    await this.stop(0);
    return {
      roundsPerSecond: Math.round((rounds / elapsed) * 10) / 10,
      requestsPerSecond: Math.round((requests / elapsed) * 10) / 10,
    };
  }

  clearSocketLogs(): void {
    for (const p of this.players) {
      if (!p.socket) continue;
      const log = p.socket.log;
      log.published.length = 0;
      log.snapshots.length = 0;
      log.connects.length = 0;
      log.disconnects.length = 0;
    }
  }

  close(): void {
    for (const p of this.players) p.socket?.client.disconnect();
  }
}
