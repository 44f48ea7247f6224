import { createHash } from 'node:crypto';
import { blackjack, dice, FairStream, mines } from '@croupier/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { blackjackSeedFor, createStudioTestApp, minesOf, type StudioTestApp } from './helpers.ts';

let t: StudioTestApp;
beforeAll(async () => {
  t = await createStudioTestApp();
  // The background retry loop is stopped so each test drives retries itself (one test restarts it).
  await t.app.studio.service.stop();
});
afterAll(() => t.close());

const cents = (major: string) => Math.round(Number(major) * 100);
const play = (sessionId: string, bet: string, choice: unknown) => t.api('POST', sessionId, '/rounds', { bet, choice });
const act = (sessionId: string, roundId: string, body: unknown) =>
  t.api('POST', sessionId, `/rounds/${roundId}/actions`, body);

describe(`studio rounds (${databaseKind})`, () => {
  it('plays demo rounds on the virtual balance without ever calling the wallet', async () => {
    const id = await t.demo('dice');
    let calls = 0;
    await t.withTransport(
      () => async () => {
        calls += 1;
        throw new Error('the wallet must not be called in demo');
      },
      async () => {
        let balance = 100_000;
        for (let i = 0; i < 5; i++) {
          const res = await play(id, '100', { game: 'dice', chanceBp: 5000, over: i % 2 === 0 });
          expect(res.status).toBe(200);
          expect(res.json.round.status).toBe('settled');
          balance += -100 + Number(res.json.round.payout);
          expect(res.json.balance).toBe(String(balance));
        }
        const session = await t.api('GET', id);
        expect(session.json.balance).toBe(String(balance));
        expect(session.json.seeds.nonce).toBe(5);
      },
    );
    expect(calls).toBe(0);
  });

  it('moves the casino balance exactly by bets and wins in real play', async () => {
    const { sessionId, token } = await t.real('dice', '50.00');
    let expected = 5000;
    for (let i = 0; i < 6; i++) {
      const res = await play(sessionId, '250', { game: 'dice', chanceBp: 4950, over: false });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expected += -250 + Number(res.json.round.payout);
      expect(res.json.balance).toBe(String(expected));
    }
    expect(cents(await t.casinoBalance(token))).toBe(expected);
    expect((await t.api('GET', sessionId)).json.balance).toBe(String(expected));
    // More than the balance: refused by the wallet, nothing recorded.
    const rounds = await t.count('rounds');
    const refused = await play(sessionId, '10000', { game: 'dice', chanceBp: 4950, over: false });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('insufficient_funds');
    expect(await t.count('rounds')).toBe(rounds);
    expect(cents(await t.casinoBalance(token))).toBe(expected);
  });

  it('rolls back a bet whose answer is lost, retries until the wallet answers, and leaves the balance unchanged', async () => {
    const { sessionId, token } = await t.real('plinko', '20.00');
    // The bet reaches the casino, but its answer never comes back; the rollback fails too at first.
    const res = await t.withTransport(
      (real) => async (req) => {
        if (req.path.endsWith('/bet')) {
          await real(req);
          throw new Error('connection reset');
        }
        if (req.path.endsWith('/rollback')) throw new Error('connection refused');
        return real(req);
      },
      () => play(sessionId, '500', { game: 'plinko', rows: 8 }),
    );
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe('wallet_unavailable');
    expect(cents(await t.casinoBalance(token))).toBe(1500); // still debited: the rollback is pending
    const [round] = (await t.api('GET', sessionId, '/rounds')).json.rounds;
    expect(round).toMatchObject({ status: 'rolled_back', bet: '500', payout: '0', outcome: null });
    // Not due yet (backoff): nothing sent; then due: the retry answers and refunds.
    expect(await t.app.studio.service.retryPending()).toBe(0);
    await t.database.db.execute(
      sql`update studio.wallet_calls set next_at = now() - interval '1 second' where done_at is null`,
    );
    expect(await t.app.studio.service.retryPending()).toBe(1);
    expect(cents(await t.casinoBalance(token))).toBe(2000);

    // A bet that never arrives: the rollback goes first and the casino remembers it.
    const lost = await t.withTransport(
      (real) => async (req) => {
        if (req.path.endsWith('/bet')) throw new Error('timeout');
        return real(req);
      },
      () => play(sessionId, '500', { game: 'plinko', rows: 8 }),
    );
    expect(lost.status).toBe(503);
    expect(cents(await t.casinoBalance(token))).toBe(2000);
    // The next round plays normally on the next nonce.
    const ok = await play(sessionId, '500', { game: 'plinko', rows: 8 });
    expect(ok.status).toBe(200);
    expect(ok.json.round.nonce).toBe(2);
  });

  it('rolls back a bet the wallet took when the studio cannot record its round', async () => {
    const { sessionId, token } = await t.real('dice', '10.00');
    // Another instance took this nonce: the round insert fails after the bet went through.
    await t.database.db.execute(sql`insert into studio.rounds (id, session_id, owner, game, status, bet, seed_pair_id, nonce, client_seed, choice, state)
      select gen_random_uuid(), 'elsewhere', p.owner, 'dice', 'settled', 1, p.id, p.nonce, p.client_seed, '{}', '{}'
      from studio.seed_pairs p join studio.sessions s on p.owner = s.player_ref where s.id = ${sessionId} and p.active`);
    const res = await play(sessionId, '100', { game: 'dice', chanceBp: 5000, over: true });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).not.toBe(500);
    expect(cents(await t.casinoBalance(token))).toBe(1000);
  });

  it('a bet taken just before the studio stops is rolled back by its guard; the round never settles after', async () => {
    const { sessionId, token } = await t.real('dice', '10.00');
    const client = t.app.studio.wallet as unknown as { timeoutMs: number };
    const timeoutMs = client.timeoutMs;
    // The wallet takes the bet, then this studio freezes before saving the round (as if killed there).
    client.timeoutMs = 60_000;
    let wake!: () => void;
    const frozen = new Promise<void>((resolve) => {
      wake = resolve;
    });
    let betTaken!: () => void;
    const taken = new Promise<void>((resolve) => {
      betTaken = resolve;
    });
    const guards = () =>
      t.database.db.execute(
        sql`select transaction_id, attempts, done_at is not null as done, next_at > now() + interval '30 seconds' as later
            from studio.wallet_calls where kind = 'rollback' and body like ${`%${token}%`}`,
      ) as unknown as Promise<{ rows: { transaction_id: string; attempts: number; done: boolean; later: boolean }[] }>;
    try {
      const pending = t.withTransport(
        (real) => async (req) => {
          if (!req.path.endsWith('/bet')) return real(req);
          const answer = await real(req);
          betTaken();
          await frozen;
          return answer;
        },
        () => play(sessionId, '100', { game: 'dice', chanceBp: 5000, over: true }),
      );
      await taken;
      expect(cents(await t.casinoBalance(token))).toBe(900);
      // The guard was written before the bet went out, and is not due for a while.
      const [guard] = (await guards()).rows;
      expect(guard).toMatchObject({ attempts: 0, done: false, later: true });
      expect(guard!.transaction_id).toMatch(/:rb0$/);
      await t.app.studio.service.retryPending();
      expect((await guards()).rows[0]).toMatchObject({ attempts: 0, done: false });

      // Time passes; any instance's retry loop finds the guard due and cancels the bet.
      await t.database.db.execute(
        sql`update studio.wallet_calls set next_at = now() - interval '1 second' where transaction_id = ${guard!.transaction_id}`,
      );
      await t.app.studio.service.retryPending();
      expect((await guards()).rows[0]).toMatchObject({ attempts: 1, done: true });
      expect(cents(await t.casinoBalance(token))).toBe(1000);

      // The frozen request wakes: it may not settle a round (or pay a win) on the refunded bet.
      const rounds = await t.count('rounds');
      wake();
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.json.error.code).toBe('wallet_unavailable');
      expect(await t.count('rounds')).toBe(rounds);
      expect(cents(await t.casinoBalance(token))).toBe(1000);
    } finally {
      client.timeoutMs = timeoutMs;
      wake();
    }
    // The session plays on normally, and a saved round leaves no guard behind.
    const ok = await play(sessionId, '100', { game: 'dice', chanceBp: 5000, over: true });
    expect(ok.status).toBe(200);
    expect((await guards()).rows).toHaveLength(1);
  });

  it('times out a wallet that does not answer and rolls the bet back', async () => {
    const { sessionId, token } = await t.real('dice', '10.00');
    const client = t.app.studio.wallet as unknown as { transport: unknown };
    expect(client.transport).toBeTypeOf('function');
    const res = await t.withTransport(
      (real) => async (req) => {
        if (req.path.endsWith('/bet')) {
          await real(req);
          return new Promise((_, reject) =>
            setTimeout(() => reject(new Error('timed out')), Math.min(req.timeoutMs, 50)),
          );
        }
        return real(req);
      },
      () => play(sessionId, '100', { game: 'dice', chanceBp: 5000, over: true }),
    );
    expect(res.status).toBe(503);
    // The immediate rollback attempt went through the real transport.
    expect(cents(await t.casinoBalance(token))).toBe(1000);
  });

  it('retries a win that failed until the wallet answers', async () => {
    const { sessionId, token } = await t.real('european-roulette', '10.00');
    // Red and black: one of them wins unless zero comes; either way the round pays or closes with 0.
    const choice = {
      game: 'european-roulette',
      bets: [
        { kind: 'red', amount: '100' },
        { kind: 'straight', numbers: [0], amount: '100' },
      ],
    };
    const res = await t.withTransport(
      (real) => async (req) => {
        if (req.path.endsWith('/win')) throw new Error('bad gateway');
        return real(req);
      },
      () => play(sessionId, '200', choice),
    );
    expect(res.status).toBe(200);
    expect(res.json.round.status).toBe('settled');
    const payout = Number(res.json.round.payout);
    expect(cents(await t.casinoBalance(token))).toBe(800);
    await t.database.db.execute(
      sql`update studio.wallet_calls set next_at = now() - interval '1 second' where done_at is null`,
    );
    expect(await t.app.studio.service.retryPending()).toBe(1);
    expect(cents(await t.casinoBalance(token))).toBe(800 + payout);
    // A replay of the same win (stable transaction id) moves nothing more.
    await t.database.db.execute(
      sql`update studio.wallet_calls set done_at = null, next_at = now() - interval '1 second' where round_id = ${res.json.round.id}`,
    );
    await t.app.studio.service.retryPending();
    expect(cents(await t.casinoBalance(token))).toBe(800 + payout);
  });

  it('runs the retry loop in the background once the app is ready', async () => {
    const { sessionId, token } = await t.real('dice', '10.00');
    await t.withTransport(
      (real) => async (req) => {
        if (req.path.endsWith('/bet')) {
          await real(req);
          throw new Error('connection reset');
        }
        if (req.path.endsWith('/rollback')) throw new Error('connection refused');
        return real(req);
      },
      () => play(sessionId, '300', { game: 'dice', chanceBp: 5000, over: true }),
    );
    expect(cents(await t.casinoBalance(token))).toBe(700);
    await t.database.db.execute(
      sql`update studio.wallet_calls set next_at = now() - interval '1 second' where done_at is null`,
    );
    t.app.studio.service.start();
    try {
      for (let i = 0; i < 60 && cents(await t.casinoBalance(token)) !== 1000; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(cents(await t.casinoBalance(token))).toBe(1000);
    } finally {
      await t.app.studio.service.stop();
    }
  });

  it('plays the slot, roulette, dice and plinko end to end with real money', async () => {
    const cases = [
      { game: 'neon-fruits', bet: '100', choice: { game: 'neon-fruits' } },
      {
        game: 'european-roulette',
        bet: '300',
        choice: {
          game: 'european-roulette',
          bets: [
            { kind: 'split', numbers: [1, 2], amount: '100' },
            { kind: 'dozen', index: 2, amount: '100' },
            { kind: 'odd', amount: '100' },
          ],
        },
      },
      { game: 'dice', bet: '100', choice: { game: 'dice', chanceBp: 9500, over: true } },
      { game: 'plinko', bet: '100', choice: { game: 'plinko', rows: 16, risk: 'medium' } },
    ];
    for (const c of cases) {
      const { sessionId, token } = await t.real(c.game, '10.00');
      const res = await play(sessionId, c.bet, c.choice);
      expect(res.status, `${c.game} ${JSON.stringify(res.json)}`).toBe(200);
      const r = res.json.round;
      expect(r).toMatchObject({ game: c.game, status: 'settled', bet: c.bet, actions: [], serverSeed: null, nonce: 0 });
      expect(r.outcome).toBeTruthy();
      expect(typeof r.outcome.payout).toBe('string');
      expect(r.payout).toBe(r.outcome.payout);
      expect(cents(await t.casinoBalance(token))).toBe(1000 - Number(c.bet) + Number(r.payout));
    }
  });

  it('plays blackjack with a double and with a split, one more bet each, hiding the hole card and the shoe', async () => {
    // Double: a deal the player can double.
    {
      const { sessionId, token } = await t.real('blackjack', '10.00');
      const seeds = await t.serverSeed(sessionId);
      const clientSeed = blackjackSeedFor(seeds.serverSeed, seeds.nonce, (s) => s.phase === 'player');
      expect((await t.api('PUT', sessionId, '/seeds', { clientSeed })).status).toBe(200);
      const res = await play(sessionId, '100', { game: 'blackjack' });
      expect(res.status).toBe(200);
      const round = res.json.round;
      expect(round.status).toBe('open');
      expect(round.outcome.dealer).toHaveLength(1);
      expect(round.outcome.shoe).toBeUndefined();
      expect(round.actions).toContain('double');
      expect(res.json.balance).toBe('900');
      const session = await t.api('GET', sessionId);
      expect(session.json.openRound.id).toBe(round.id);
      expect(session.json.openRound.outcome.dealer).toHaveLength(1);
      expect((await play(sessionId, '100', { game: 'blackjack' })).json.error.code).toBe('round_open');
      const doubled = await act(sessionId, round.id, { action: 'double' });
      expect(doubled.status, JSON.stringify(doubled.json)).toBe(200);
      const r = doubled.json.round;
      expect(r.status).toBe('settled');
      expect(r.bet).toBe('200');
      expect(r.outcome.dealer.length).toBeGreaterThanOrEqual(2);
      expect(cents(await t.casinoBalance(token))).toBe(1000 - 200 + Number(r.payout));
      expect(doubled.json.balance).toBe(String(1000 - 200 + Number(r.payout)));
      expect((await act(sessionId, round.id, { action: 'hit' })).json.error.code).toBe('round_finished');
    }
    // Split: a pair (not aces, so each hand is played) whose split leaves the round open (a split hand can
    // draw 21 and end it at once, which pays before the balance check), then stand on both hands.
    {
      const { sessionId, token } = await t.real('blackjack', '10.00');
      const seeds = await t.serverSeed(sessionId);
      const clientSeed = blackjackSeedFor(
        seeds.serverSeed,
        seeds.nonce,
        (s, rng) =>
          blackjack.legalActions(s).includes('split') &&
          blackjack.cardValue(s.hands[0]!.cards[0]!) !== 1 &&
          blackjack.act(blackjack.BLACKJACK_DEFAULT, s, 'split', rng).phase === 'player',
      );
      await t.api('PUT', sessionId, '/seeds', { clientSeed });
      const res = await play(sessionId, '100', { game: 'blackjack' });
      expect(res.json.round.actions).toContain('split');
      const split = await act(sessionId, res.json.round.id, { action: 'split' });
      expect(split.status).toBe(200);
      let r = split.json.round;
      expect(r.bet).toBe('200');
      expect(cents(await t.casinoBalance(token))).toBe(800);
      while (r.status === 'open') {
        const next = await act(sessionId, r.id, { action: 'stand' });
        expect(next.status).toBe(200);
        r = next.json.round;
      }
      expect(r.outcome.hands).toHaveLength(2);
      expect(cents(await t.casinoBalance(token))).toBe(800 + Number(r.payout));
    }
  });

  it('cancels the whole blackjack round when a double is not answered; a refused double leaves it open', async () => {
    const { sessionId, token } = await t.real('blackjack', '3.00');
    const seeds = await t.serverSeed(sessionId);
    const clientSeed = blackjackSeedFor(seeds.serverSeed, seeds.nonce, (s) => s.phase === 'player');
    await t.api('PUT', sessionId, '/seeds', { clientSeed });
    const first = (await play(sessionId, '200', { game: 'blackjack' })).json.round;
    expect(cents(await t.casinoBalance(token))).toBe(100);
    // Doubling needs 2.00 more: the wallet refuses, the round stays open and unchanged.
    const refused = await act(sessionId, first.id, { action: 'double' });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('insufficient_funds');
    const still = (await t.api('GET', sessionId)).json.openRound;
    expect(still).toMatchObject({ id: first.id, status: 'open', bet: '200' });
    expect(still.outcome).toEqual(first.outcome);

    const second = await t.real('blackjack', '10.00');
    const s2 = await t.serverSeed(second.sessionId);
    await t.api('PUT', second.sessionId, '/seeds', {
      clientSeed: blackjackSeedFor(s2.serverSeed, s2.nonce, (s) => s.phase === 'player'),
    });
    const r = (await play(second.sessionId, '100', { game: 'blackjack' })).json.round;
    const lost = await t.withTransport(
      (real) => async (req) => {
        if (req.path.endsWith('/bet')) {
          await real(req);
          throw new Error('connection reset');
        }
        return real(req);
      },
      () => act(second.sessionId, r.id, { action: 'double' }),
    );
    expect(lost.status).toBe(503);
    expect(lost.json.error.code).toBe('wallet_unavailable');
    // Both bets (the deal and the double) were rolled back at once.
    expect(cents(await t.casinoBalance(second.token))).toBe(1000);
    const [listed] = (await t.api('GET', second.sessionId, '/rounds')).json.rounds;
    expect(listed).toMatchObject({ id: r.id, status: 'rolled_back' });
    expect((await t.api('GET', second.sessionId)).json.openRound).toBeNull();
  });

  it('plays mines to a cash-out and to a bust, hiding the mines while open', async () => {
    const { sessionId, token } = await t.real('mines', '10.00');
    let seeds = await t.serverSeed(sessionId);
    let layout = minesOf(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 3);
    const safe = [...Array(25).keys()].filter((i) => !layout.includes(i));
    const res = await play(sessionId, '100', { game: 'mines', mines: 3 });
    expect(res.status).toBe(200);
    let r = res.json.round;
    expect(r.status).toBe('open');
    expect(r.outcome.minePositions).toBeUndefined();
    expect(r.actions).toEqual(['reveal']);
    expect((await act(sessionId, r.id, { action: 'cashout' })).status).toBe(422);
    for (const tile of safe.slice(0, 2)) {
      const step = await act(sessionId, r.id, { action: 'reveal', tile });
      expect(step.status).toBe(200);
      r = step.json.round;
      expect(r.outcome.minePositions).toBeUndefined();
    }
    expect((await act(sessionId, r.id, { action: 'reveal', tile: safe[0] })).json.error.field).toBe('tile');
    expect((await act(sessionId, r.id, { action: 'reveal', tile: 25 })).status).toBe(422);
    const cashed = await act(sessionId, r.id, { action: 'cashout' });
    expect(cashed.status).toBe(200);
    r = cashed.json.round;
    expect(r.status).toBe('settled');
    const expectedPayout = mines.cashOut(mines.MINES_DEFAULT, {
      bet: 100n,
      mines: 3,
      minePositions: layout,
      revealed: safe.slice(0, 2),
      status: 'playing',
      payout: 0n,
    }).payout;
    expect(r.payout).toBe(String(expectedPayout));
    expect([...r.outcome.minePositions].sort()).toEqual([...layout].sort());
    expect(cents(await t.casinoBalance(token))).toBe(1000 - 100 + Number(expectedPayout));

    // Bust: step on a mine.
    seeds = await t.serverSeed(sessionId);
    layout = minesOf(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 5);
    const bust = await play(sessionId, '100', { game: 'mines', mines: 5 });
    const boom = await act(sessionId, bust.json.round.id, { action: 'reveal', tile: layout[0] });
    expect(boom.json.round).toMatchObject({ status: 'settled', payout: '0' });
    expect(cents(await t.casinoBalance(token))).toBe(1000 - 200 + Number(expectedPayout));
  });

  it('commits the server seed before play, reveals it on rotation, and every past round replays', async () => {
    const id = await t.demo('blackjack');
    const before = (await t.api('GET', id)).json.seeds;
    // Rotation is refused while a round is open (its hidden cards come from that seed).
    let played = 0;
    for (let i = 0; i < 4; i++) {
      let r = (await play(id, '100', { game: 'blackjack' })).json.round;
      played += 1;
      if (r.status === 'open') {
        expect((await t.api('POST', id, '/seeds/rotate', {})).json.error.code).toBe('round_open');
        while (r.status === 'open')
          r = (await act(id, r.id, { action: r.actions.includes('hit') && i % 2 ? 'hit' : 'stand' })).json.round;
      }
    }
    const rotated = await t.api('POST', id, '/seeds/rotate', { clientSeed: 'my-new-seed' });
    expect(rotated.status).toBe(200);
    const { revealed, seeds } = rotated.json;
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(before.serverSeedHash);
    expect(revealed.nonce).toBe(played);
    expect(seeds).toMatchObject({ clientSeed: 'my-new-seed', nonce: 0 });
    expect(seeds.serverSeedHash).not.toBe(before.serverSeedHash);

    const { rounds } = (await t.api('GET', id, '/rounds?limit=10')).json;
    expect(rounds).toHaveLength(played);
    for (const r of rounds) {
      expect(r.serverSeed).toBe(revealed.serverSeed);
      const rng = new FairStream({ serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce });
      let s = blackjack.deal(blackjack.BLACKJACK_DEFAULT, 100n, rng);
      for (const a of r.history) s = blackjack.act(blackjack.BLACKJACK_DEFAULT, s, a.action, rng);
      expect(String(s.payout)).toBe(r.payout);
      expect(s.dealer).toEqual(r.outcome.dealer);
      expect(s.hands.map((h) => h.cards)).toEqual(r.outcome.hands.map((h: { cards: number[] }) => h.cards));
    }

    // Dice on a fresh demo session: replay from the revealed seeds.
    const d = await t.demo('dice');
    const hash = (await t.api('GET', d)).json.seeds.serverSeedHash;
    const outcome = (await play(d, '100', { game: 'dice', chanceBp: 3300, over: true })).json.round;
    expect(outcome.serverSeed).toBeNull();
    const rev = (await t.api('POST', d, '/seeds/rotate')).json.revealed;
    expect(createHash('sha256').update(rev.serverSeed).digest('hex')).toBe(hash);
    const replay = dice.playDice(
      dice.DICE_DEFAULT,
      100n,
      { chanceBp: 3300, direction: 'over' },
      new FairStream({ serverSeed: rev.serverSeed, clientSeed: outcome.clientSeed, nonce: outcome.nonce }),
    );
    expect(replay.roll).toBe(outcome.outcome.roll);
    expect(String(replay.payout)).toBe(outcome.payout);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const id = await t.demo('neon-fruits');
    const bj = await t.demo('blackjack');
    const before = { rounds: await t.count('rounds'), pairs: await t.count('seed_pairs') };
    const bad: [string, 'GET' | 'POST' | 'PUT', string, unknown][] = [
      [id, 'POST', '/rounds', { bet: 100, choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '105', choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '0', choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '-10', choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '1.5', choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '99999999999999999999', choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '100000', choice: { game: 'neon-fruits' } }],
      [id, 'POST', '/rounds', { bet: '100', choice: { game: 'dice', chanceBp: 5000, over: true } }],
      [id, 'POST', '/rounds', { bet: '100' }],
      [id, 'POST', '/rounds', { bet: '100', choice: 'slot' }],
      [id, 'POST', '/rounds', []],
      [id, 'POST', '/rounds', 'null'],
      [bj, 'POST', '/rounds', { bet: '15', choice: { game: 'blackjack' } }],
      [bj, 'POST', '/rounds/00000000-0000-4000-8000-000000000000/actions', { action: 'hit' }],
      [bj, 'POST', '/rounds/not-a-uuid/actions', { action: 'hit' }],
      [bj, 'POST', '/rounds/00000000-0000-4000-8000-000000000000/actions', { action: 7 }],
      [id, 'PUT', '/seeds', { clientSeed: '' }],
      [id, 'PUT', '/seeds', { clientSeed: 'has space' }],
      [id, 'PUT', '/seeds', { clientSeed: 'x'.repeat(65) }],
      [id, 'PUT', '/seeds', {}],
      [id, 'POST', '/seeds/rotate', { clientSeed: 42 }],
      [id, 'GET', '/rounds?limit=0', undefined],
      [id, 'GET', '/rounds?limit=abc', undefined],
      [id, 'GET', '/nothing', undefined],
      ['a%00b', 'GET', '', undefined],
      ['a'.repeat(300), 'GET', '', undefined],
      [id, 'PUT', '/seeds', { clientSeed: 'a\u0000b' }],
      [bj, 'POST', '/rounds/00000000-0000-4000-8000-000000000000/actions', { action: 'h\u0000it' }],
    ];
    const games: [string, unknown][] = [
      ['european-roulette', { game: 'european-roulette', bets: [] }],
      ['european-roulette', { game: 'european-roulette', bets: [{ kind: 'split', numbers: [1, 5], amount: '100' }] }],
      ['european-roulette', { game: 'european-roulette', bets: [{ kind: 'red', amount: '50' }] }],
      ['european-roulette', { game: 'european-roulette', bets: [{ kind: 'dozen', index: 4, amount: '100' }] }],
      ['european-roulette', { game: 'european-roulette', bets: [{ kind: 'nope', amount: '100' }] }],
      ['european-roulette', { game: 'european-roulette', bets: [null] }],
      ['dice', { game: 'dice', chanceBp: 50, over: true }],
      ['dice', { game: 'dice', chanceBp: 5000.5, over: true }],
      ['dice', { game: 'dice', chanceBp: 5000, over: 'yes' }],
      ['mines', { game: 'mines', mines: 0 }],
      ['mines', { game: 'mines', mines: 25 }],
      ['mines', { game: 'mines' }],
      ['plinko', { game: 'plinko', rows: 10 }],
      ['plinko', { game: 'plinko', rows: 8, risk: 'extreme' }],
    ];
    for (const [game, choice] of games) bad.push([await t.demo(game), 'POST', '/rounds', { bet: '100', choice }]);
    const pairsWithNew = before.pairs + games.length;
    for (const [sid, method, path, body] of bad) {
      const res =
        body === 'null'
          ? await t.app
              .inject({
                method,
                url: `/studio/api/sessions/${sid}${path}`,
                payload: 'null',
                headers: { 'content-type': 'application/json' },
              })
              .then((r) => ({ status: r.statusCode, json: r.json() }))
          : await t.api(method, sid, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(typeof res.json.error.code).toBe('string');
      expect(typeof res.json.error.message).toBe('string');
    }
    // Broken JSON.
    const broken = await t.app.inject({
      method: 'POST',
      url: `/studio/api/sessions/${id}/rounds`,
      payload: '{"bet":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('invalid_request');
    expect(await t.count('rounds')).toBe(before.rounds);
    expect(await t.count('seed_pairs')).toBe(pairsWithNew);
    expect((await t.api('GET', id)).json.balance).toBe('100000');
  });
});
