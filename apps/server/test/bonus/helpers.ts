import { sql } from 'drizzle-orm';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { registerPlayer } from '../player/helpers.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';

// A seamless test app with bonus definitions of the tests' own (operator data), and players who play
// through the signed seamless API.

export interface Definition {
  identity: string;
  kind?: 'cash' | 'deposit';
  /** EUR minor units. */
  amount?: bigint;
  wager?: string;
  maxBet?: bigint;
  maxWin?: bigint;
  cancelLock?: boolean;
  reusable?: boolean;
  gameIds?: string[];
  contributions?: Record<string, number>;
  code?: string;
  triggers?: number[];
}

export async function defineBonus(t: SeamlessTestApp, d: Definition): Promise<string> {
  const eur = (v: bigint | undefined): Record<string, string> => (v === undefined ? {} : { EUR: String(v) });
  const [row] = await t.database.db
    .insert(bonuses)
    .values({
      identity: d.identity,
      name: `Test ${d.identity}`,
      kind: d.kind ?? 'cash',
      amounts: eur(d.amount ?? 10_00n),
      depositPercentage: d.kind === 'deposit' ? 100 : null,
      maxAmounts: d.kind === 'deposit' ? eur(100_00n) : {},
      minDeposits: d.kind === 'deposit' ? eur(10_00n) : {},
      wagerMultiplier: d.wager ?? '10',
      maxBets: eur(d.maxBet),
      maxWins: eur(d.maxWin),
      cancelLock: d.cancelLock ?? false,
      reusable: d.reusable ?? true,
      gameIds: d.gameIds ?? [],
      contributions: d.contributions ?? {},
    })
    .returning();
  if (d.code) {
    await t.database.db.insert(codes).values({ code: d.code, bonusId: row!.id, triggers: d.triggers ?? [1] });
  }
  return row!.id;
}

export interface Player {
  playerId: string;
  /** The player's API access token. */
  auth: string;
  /** A seamless launch token (EUR, acme/slot-1). */
  game: string;
}

export async function newPlayer(t: SeamlessTestApp, funds: number): Promise<Player> {
  const { auth } = await registerPlayer(t);
  const playerId = auth.profile.id;
  if (funds > 0) {
    const res = await t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'EUR', amount: funds } });
    if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
  }
  return { playerId, auth: auth.accessToken, game: await t.launch(playerId) };
}

export async function applyCode(t: SeamlessTestApp, p: Player, bonusCode: string, trigger = 1) {
  return t.call('POST', '/api/game/bonuses/bonuscodes', { token: p.auth, body: { bonusCode, trigger } });
}

export async function account(t: SeamlessTestApp, p: Player) {
  const res = await t.call('GET', '/api/wallet/accounts', { token: p.auth });
  const eur = res.json.data.find((a: { currency: string }) => a.currency === 'EUR');
  return eur as { balance: number; realBalance: number; bonusBalance: number };
}

export async function bonusesOf(t: SeamlessTestApp, p: Player, query = '') {
  const res = await t.call('GET', `/api/game/player-bonuses${query}`, { token: p.auth });
  return res.json.data as { id: string; status: number; result: number; currentWagerAmount: number }[];
}

let seq = 0;
/** One round: a bet and its win (0 for a loss), as the studio sends them. */
export async function round(t: SeamlessTestApp, p: Player, bet: string, win: string) {
  const id = `r${++seq}-${Date.now()}`;
  const b = await t.seamless('bet', {
    token: p.game,
    transactionId: `${id}:b0`,
    roundId: id,
    amount: bet,
    currency: 'EUR',
  });
  if (b.json.status !== 'OK') return { bet: b.json, win: null, roundId: id };
  const w = await t.seamless('win', {
    token: p.game,
    transactionId: `${id}:w`,
    roundId: id,
    betTransactionId: `${id}:b0`,
    amount: win,
    currency: 'EUR',
    closeRound: true,
  });
  return { bet: b.json, win: w.json, roundId: id };
}

/** The ledger's sum per currency (must be zero) and no negative player part. */
export async function ledgerHolds(t: SeamlessTestApp) {
  const sums = await t.database.db.execute(
    sql`select a.currency, sum(e.amount)::text as total from wallet.entries e join wallet.accounts a on a.id = e.account_id group by a.currency`,
  );
  const negative = await t.database.db.execute(
    sql`select count(*)::int as n from wallet.accounts where real < 0 or bonus < 0 or locked < 0`,
  );
  return {
    sums: (sums as unknown as { rows: { total: string }[] }).rows.map((r) => r.total),
    negative: (negative as unknown as { rows: { n: number }[] }).rows[0]!.n,
  };
}

/** The house bonus account's position in a currency (minor units): house rows are never updated, so its entries. */
export async function houseBonus(t: SeamlessTestApp, currency = 'EUR'): Promise<number> {
  const res = await t.database.db.execute(
    sql`select coalesce(sum(e.amount), 0)::text as total from wallet.entries e join wallet.accounts a on a.id = e.account_id
         where a.owner_kind = 'house' and a.purpose = 'bonus' and a.currency = ${currency}`,
  );
  return Number((res as unknown as { rows: { total: string }[] }).rows[0]!.total);
}
