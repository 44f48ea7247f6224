import { STUDIO_PATH } from '@croupier/contracts';
import { studioLaunchUrl } from '@croupier/contracts/launch-link';
import { SPORTSBOOK_API, SPORTSBOOK_GAME_ID } from '@croupier/contracts/sportsbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawResult, EVENTS } from '../../src/modules/sportsbook/events.ts';
import { createGameTestApp, type GameTestApp, STUDIO_SECRET } from '../game/helpers.ts';

// The demo's sandbox sportsbook (decision 0071): launched as the game betsy-sportsbook-betsy, paid only
// through the signed seamless API as provider `betsy`.

const launchBody = { lobbyUrl: '/betting', locale: 'de', countryCode: 'DE', platform: 2, demoMode: false };

describe('sandbox sportsbook', () => {
  let t: GameTestApp;
  beforeAll(async () => {
    t = await createGameTestApp({ DEMO: 'true', SEED_DEMO_DATA: 'true' });
  });
  afterAll(() => t.close());

  /** A player with `funds` EUR, its sportsbook opened through POST …/play and the launch link: the session id. */
  async function open(funds = 100) {
    const player = await t.newPlayer(funds);
    const play = await t.call('POST', `/api/game/games/${SPORTSBOOK_GAME_ID}/play`, {
      token: player.token,
      body: launchBody,
    });
    expect(play.status).toBe(200);
    const url = new URL(play.json.data.gameUrl);
    expect(url.pathname).toBe('/sportsbook/launch');
    const launch = await t.request({ method: 'GET', url: url.pathname + url.search });
    expect(launch.status).toBe(302);
    const sessionId = String(launch.headers.location).replace('/sportsbook/play/', '');
    return { player, sessionId, api: `${SPORTSBOOK_API}/sessions/${sessionId}` };
  }
  const balanceOf = async (token: string) => {
    const res = await t.call('GET', '/api/wallet/accounts', { token });
    return res.json.data.find((a: { currency: string }) => a.currency === 'EUR').balance as number;
  };

  it('launches from the catalogue as provider betsy and serves its page under its own CSP', async () => {
    const { sessionId } = await open();
    const page = await t.request({ method: 'GET', url: `/sportsbook/play/${sessionId}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(page.body).toContain('lang="de"');
    expect(page.body).toContain('/sportsbook/app.js');
    const script = await t.request({ method: 'GET', url: '/sportsbook/app.js' });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // No demo: the game says so, and a guest cannot start it.
    const guest = await t.call('POST', `/api/game/games/${SPORTSBOOK_GAME_ID}/play`, {
      body: { ...launchBody, demoMode: true },
    });
    expect(guest.status).toBe(422);
  });

  it('refuses a launch link with a wrong signature, another provider’s key, missing fields or a demo mode', async () => {
    const player = await t.newPlayer(0);
    const play = await t.call('POST', `/api/game/games/${SPORTSBOOK_GAME_ID}/play`, {
      token: player.token,
      body: launchBody,
    });
    const url = new URL(play.json.data.gameUrl);
    const tampered = new URLSearchParams(url.search);
    tampered.set('currency', 'USD');
    expect((await t.request({ method: 'GET', url: `/sportsbook/launch?${tampered}` })).status).toBe(403);
    // The studio's key signs studio links only.
    const studioSigned = studioLaunchUrl(STUDIO_SECRET, {
      game: SPORTSBOOK_GAME_ID,
      mode: 'real',
      currency: 'EUR',
      locale: 'en',
      lobby: '/',
      player: 'p',
      token: 'tok',
    }).slice(STUDIO_PATH.length);
    expect((await t.request({ method: 'GET', url: `/sportsbook${studioSigned}` })).status).toBe(403);
    const partial = new URLSearchParams(url.search);
    partial.delete('token');
    expect((await t.request({ method: 'GET', url: `/sportsbook/launch?${partial}` })).status).toBe(400);
    expect((await t.request({ method: 'GET', url: '/sportsbook/launch' })).status).toBe(400);
    expect((await t.request({ method: 'GET', url: '/sportsbook/play/nope' })).status).toBe(404);
  });

  it('places a bet through the seamless API, then settles it: the balance follows the result', async () => {
    const { player, api } = await open(100);
    const session = await t.request({ method: 'GET', url: api });
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ currency: 'EUR', subunitToUnit: 100, balance: '10000', bets: [] });
    expect(session.json.events.length).toBeGreaterThanOrEqual(3);

    const placed = await t.request({
      method: 'POST',
      url: `${api}/bets`,
      payload: { eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '500' },
    });
    expect(placed.status).toBe(200);
    expect(placed.json).toMatchObject({ balance: '9500', bet: { status: 'open', stake: '500', potentialWin: '950' } });
    expect(await balanceOf(player.token)).toBe(95);

    const settled = await t.request({ method: 'POST', url: `${api}/bets/${placed.json.bet.id}/settle` });
    expect(settled.status).toBe(200);
    const { bet } = settled.json;
    expect(['won', 'lost']).toContain(bet.status);
    expect(bet.payout).toBe(bet.status === 'won' ? '950' : '0');
    expect(bet.resultOutcomeId === 'home').toBe(bet.status === 'won');
    expect(settled.json.balance).toBe(String(9500 + Number(bet.payout)));
    expect(await balanceOf(player.token)).toBe((9500 + Number(bet.payout)) / 100);
    // Closed once: neither a second settlement nor a cash-out moves money again.
    for (const kind of ['settle', 'cash-out']) {
      const again = await t.request({ method: 'POST', url: `${api}/bets/${bet.id}/${kind}` });
      expect(again.status).toBe(409);
    }
    // The round is in the player's bets history as settled.
    const history = await t.call('GET', '/api/game/bets?isSettled=true', { token: player.token });
    expect(history.json.data.some((b: { roundId: string }) => b.roundId === bet.id)).toBe(true);
  });

  it('cashes out an open bet for 90 % of its stake, closing its round', async () => {
    const { player, api } = await open(50);
    const placed = await t.request({
      method: 'POST',
      url: `${api}/bets`,
      payload: { eventId: 'fb-lisbon-porto', outcomeId: 'draw', stake: '1000' },
    });
    expect(placed.json.bet.cashOut).toBe('900');
    const cashed = await t.request({ method: 'POST', url: `${api}/bets/${placed.json.bet.id}/cash-out` });
    expect(cashed.status).toBe(200);
    expect(cashed.json).toMatchObject({ balance: '4900', bet: { status: 'cashed_out', payout: '900' } });
    expect(await balanceOf(player.token)).toBe(49);
    const session = await t.request({ method: 'GET', url: api });
    expect(session.json.bets).toEqual([expect.objectContaining({ id: placed.json.bet.id, status: 'cashed_out' })]);
  });

  it('answers bad input with 4xx and the field, never a 5xx, and moves no money', async () => {
    const { player, api } = await open(10);
    const cases: [unknown, number, string | undefined][] = [
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home' }, 422, 'stake'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: 'abc' }, 422, 'stake'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '0' }, 422, 'stake'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '-5' }, 422, 'stake'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '5' }, 422, 'stake'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '100001' }, 422, 'stake'],
      [{ eventId: 'nope', outcomeId: 'home', stake: '100' }, 422, 'eventId'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'draw', stake: '100' }, 422, 'outcomeId'],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '100', odds: '50.00' }, 422, undefined],
      [{ eventId: 'bb-hawks-bears', outcomeId: 'home', stake: '5000' }, 402, 'stake'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await t.request({ method: 'POST', url: `${api}/bets`, payload: payload as object });
      expect({ payload, status: res.status }).toEqual({ payload, status });
      expect(res.json.error.code).toBeTypeOf('string');
      if (field) expect(res.json.error.field).toBe(field);
    }
    const raw = await t.request({
      method: 'POST',
      url: `${api}/bets`,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await balanceOf(player.token)).toBe(10);
  });

  it('keeps sessions apart: unknown sessions and another session’s bets are 404', async () => {
    const a = await open(20);
    const b = await open(20);
    const placed = await t.request({
      method: 'POST',
      url: `${a.api}/bets`,
      payload: { eventId: 'tn-rivera-tanaka', outcomeId: 'away', stake: '200' },
    });
    expect(placed.status).toBe(200);
    const other = await t.request({ method: 'POST', url: `${b.api}/bets/${placed.json.bet.id}/settle` });
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe('bet_not_found');
    const unknown = `${SPORTSBOOK_API}/sessions/${'x'.repeat(43)}`;
    expect((await t.request({ method: 'GET', url: unknown })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: `${SPORTSBOOK_API}/sessions/short` })).status).toBe(404);
    expect(await balanceOf(b.player.token)).toBe(20);
  });
});

describe('sandbox sportsbook: results and switch', () => {
  it('draws each outcome with the probability its odds imply', () => {
    const event = EVENTS.find((e) => e.id === 'fb-lisbon-porto')!;
    expect(drawResult(event, 0)).toBe('home');
    expect(drawResult(event, 0.999_999)).toBe('away');
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const id = drawResult(event, i / 10_000);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // 1/2.10 : 1/3.40 : 1/3.30 normalised ≈ 44.5 % : 27.5 % : 28.3 %.
    expect(counts.get('home')! / 10_000).toBeCloseTo(0.445, 2);
    expect(counts.get('draw')! / 10_000).toBeCloseTo(0.275, 2);
  });

  it('is not mounted outside the demo, and its game does not start', async () => {
    const t = await createGameTestApp({ SEED_DEMO_DATA: 'true' });
    try {
      expect((await t.request({ method: 'GET', url: '/sportsbook/app.js' })).status).toBe(404);
      const player = await t.newPlayer(0);
      const play = await t.call('POST', `/api/game/games/${SPORTSBOOK_GAME_ID}/play`, {
        token: player.token,
        body: launchBody,
      });
      expect(play.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
