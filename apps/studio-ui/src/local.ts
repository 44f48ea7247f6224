/**
 * An in-browser stand-in for the studio server, used only when the page has no `window.__STUDIO__`
 * (`vite dev` without a server). It plays rounds with the same engines and keeps the same wire shapes,
 * so every screen can be built and tried before the server exists. Loaded lazily: not in the main bundle.
 */
import {
  blackjack,
  dice,
  FairStream,
  mines,
  newSeedPair,
  plinko,
  rotate,
  roulette,
  type SeedPair,
  slot,
} from '@croupier/games';
import { StudioApiError } from './api.ts';
import type { GameChoice, GameId, Round, Seeds, Session, StudioBackend } from './types.ts';
import { rouletteBets, toWire } from './verify.ts';

interface Stored {
  round: Round;
  state?: unknown;
  cursor?: { round: number; offset: number };
  seeds: { serverSeed: string; clientSeed: string; nonce: number };
}

export function localStudio(game: GameId, locale = 'en'): StudioBackend {
  let pair: SeedPair = newSeedPair();
  const revealed = new Map<string, string>();
  let balance = 100_000n;
  const history: Stored[] = [];
  let n = 0;
  const publicSeeds = (): Seeds => ({
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
  });
  const view = (s: Stored): Round => ({
    ...s.round,
    serverSeed: revealed.get(s.round.serverSeedHash) ?? null,
  });
  const hide = (g: GameId, state: unknown): unknown => {
    const w = toWire(state) as Record<string, unknown>;
    if (g === 'mines' && w.status === 'playing') {
      const { minePositions: _m, ...rest } = w;
      return rest;
    }
    if (g === 'blackjack') {
      const { shoe: _s, ...rest } = w;
      if (rest.phase === 'player') return { ...rest, dealer: (rest.dealer as number[]).slice(0, 1) };
      return rest;
    }
    return w;
  };
  const delay = <T>(v: T) => new Promise<T>((r) => setTimeout(() => r(v), 120));
  const fail = (code: string, message: string) => Promise.reject(new StudioApiError(400, code, message));
  const openRound = () => history.find((s) => s.round.status === 'open') ?? null;

  return {
    session: () =>
      delay<Session>({
        id: 'local',
        game,
        mode: 'demo',
        currency: 'EUR',
        subunitToUnit: 100,
        balance: balance.toString(),
        locale,
        lobbyUrl: '/',
        limits: {
          minBet: '10',
          maxBet: '10000',
          betSteps: ['10', '20', '50', '100', '200', '500', '1000', '5000'],
          betMultiple: game === 'neon-fruits' ? '10' : game === 'blackjack' ? '2' : '1',
        },
        seeds: publicSeeds(),
        openRound: openRound() ? view(openRound() as Stored) : null,
      }),
    setClientSeed: (clientSeed) => {
      if (!/^[\x21-\x7e]{1,64}$/.test(clientSeed)) return fail('invalid_seed', 'Bad client seed.');
      pair = { ...pair, clientSeed };
      return delay({ seeds: publicSeeds() });
    },
    rotateSeeds: (clientSeed) => {
      const r = rotate(pair, clientSeed ?? pair.clientSeed);
      revealed.set(r.revealed.serverSeedHash, r.revealed.serverSeed);
      pair = r.next;
      return delay({
        revealed: {
          serverSeed: r.revealed.serverSeed,
          serverSeedHash: r.revealed.serverSeedHash,
          clientSeed: r.revealed.clientSeed,
          nonce: r.revealed.nonce,
        },
        seeds: publicSeeds(),
      });
    },
    play: (betText, choice: GameChoice) => {
      if (openRound()) return fail('round_open', 'Finish the open round.');
      const bet = BigInt(betText);
      if (bet > balance) return fail('insufficient_funds', 'Insufficient funds.');
      const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
      const rng = new FairStream(seeds);
      let outcome: { payout: bigint };
      let open = false;
      try {
        switch (choice.game) {
          case 'neon-fruits':
            outcome = slot.playSlot(slot.SLOT_DEFAULT, bet, rng);
            break;
          case 'european-roulette':
            outcome = roulette.playRoulette(roulette.ROULETTE_DEFAULT, rouletteBets(choice), rng);
            break;
          case 'dice':
            outcome = dice.playDice(
              dice.DICE_DEFAULT,
              bet,
              { chanceBp: choice.chanceBp, direction: choice.over ? 'over' : 'under' },
              rng,
            );
            break;
          case 'plinko':
            outcome = plinko.playPlinko(plinko.PLINKO_DEFAULT, bet, { rows: choice.rows }, rng);
            break;
          case 'mines':
            outcome = mines.startMines(mines.MINES_DEFAULT, bet, { mines: choice.mines }, rng);
            open = true;
            break;
          case 'blackjack': {
            const s = blackjack.deal(blackjack.BLACKJACK_DEFAULT, bet, rng);
            outcome = s;
            open = s.phase === 'player';
            break;
          }
        }
      } catch (e) {
        return fail('invalid_choice', e instanceof Error ? e.message : 'Invalid.');
      }
      pair = { ...pair, nonce: pair.nonce + 1 };
      balance -= bet;
      if (!open) balance += outcome.payout;
      n += 1;
      const stored: Stored = {
        seeds,
        state: outcome,
        cursor: rng.cursor(),
        round: {
          id: `local-${n}`,
          game: choice.game,
          status: open ? 'open' : 'settled',
          bet: betText,
          payout: open ? '0' : outcome.payout.toString(),
          createdAt: new Date().toISOString(),
          serverSeedHash: pair.serverSeedHash,
          clientSeed: seeds.clientSeed,
          nonce: seeds.nonce,
          serverSeed: null,
          choice,
          history: [],
          outcome: hide(choice.game, outcome),
          actions: open
            ? choice.game === 'mines'
              ? ['reveal']
              : blackjack.legalActions(outcome as blackjack.BlackjackState)
            : [],
        },
      };
      history.unshift(stored);
      return delay({ round: view(stored), balance: balance.toString() });
    },
    act: (roundId, action, tile) => {
      const s = history.find((h) => h.round.id === roundId);
      if (s?.round.status !== 'open') return fail('round_not_found', 'No such open round.');
      const rng = new FairStream(s.seeds, s.cursor);
      try {
        if (s.round.game === 'mines') {
          const st = s.state as mines.MinesState;
          const next =
            action === 'cashout'
              ? mines.cashOut(mines.MINES_DEFAULT, st)
              : mines.revealTile(mines.MINES_DEFAULT, st, tile ?? -1);
          s.state = next;
          s.round.actions = next.status === 'playing' ? ['reveal', 'cashout'] : [];
          if (next.status !== 'playing') {
            s.round.status = 'settled';
            s.round.payout = next.payout.toString();
            balance += next.payout;
          }
        } else {
          const st = s.state as blackjack.BlackjackState;
          const extra = action === 'double' || action === 'split' ? (st.hands[st.active]?.bet ?? 0n) : 0n;
          if (extra > balance) return fail('insufficient_funds', 'Insufficient funds.');
          balance -= extra;
          const next = blackjack.act(blackjack.BLACKJACK_DEFAULT, st, action as blackjack.Action, rng);
          s.state = next;
          s.cursor = rng.cursor();
          s.round.actions = blackjack.legalActions(next);
          if (next.phase === 'settled') {
            s.round.status = 'settled';
            s.round.payout = next.payout.toString();
            balance += next.payout;
          }
        }
      } catch (e) {
        return fail('invalid_action', e instanceof Error ? e.message : 'Invalid.');
      }
      s.round.history = [...(s.round.history ?? []), tile === undefined ? { action } : { action, tile }];
      s.round.outcome = hide(s.round.game, s.state);
      return delay({ round: view(s), balance: balance.toString() });
    },
    rounds: (limit = 20) => delay({ rounds: history.slice(0, limit).map(view) }),
  };
}
