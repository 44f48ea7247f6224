import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { CURRENCIES } from './actions.ts';
import type { Sequence } from './sequence.ts';

// What the test reads back from the product after an action, compared with the oracle: every balance part,
// every player bonus, every limit's amount and usage, the quest, the referral. The answer is a list of
// differences, each a sentence naming the player, the currency and both values.

// biome-ignore lint/suspicious/noExplicitAny: raw SQL rows
async function rows<T = any>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const money = (minor: bigint | string | number) => (Number(minor) / 100).toFixed(2);

export async function differences(s: Sequence, db: Db): Promise<string[]> {
  const out: string[] = [];
  const w = s.world;
  const ids = s.players.map((p) => p.id);
  const who = (playerId: string) => `p${ids.indexOf(playerId)}`;

  const accounts = await rows(
    db,
    sql`select player_id, currency, real::text, bonus::text, locked::text from wallet.accounts
         where owner_kind = 'player' and player_id in (${ids[0]}, ${ids[1]})`,
  );
  for (const [i, p] of w.players.entries()) {
    for (const currency of CURRENCIES) {
      const row = accounts.find((r) => r.player_id === ids[i] && r.currency === currency);
      const model = p.accounts[currency]!;
      for (const part of ['real', 'bonus', 'locked'] as const) {
        const product = BigInt(row?.[part] ?? '0');
        if (product !== model[part]) {
          out.push(`p${i} ${currency} ${part}: oracle ${money(model[part])}, product ${money(product)}`);
        }
      }
    }
  }

  const bonuses = await rows(
    db,
    // `converted` through the row's JSON: a build before decision 0090 has no such column (compared as null).
    sql`select player_id, issue_key, currency, status, result, amount::text, current_wager::text as wager,
               to_jsonb(pb) ->> 'converted' as converted
          from bonus.player_bonuses pb where player_id in (${ids[0]}, ${ids[1]})`,
  );
  for (const b of w.bonuses) {
    const row = bonuses.find((r) => r.issue_key === b.issueKey);
    const name = `p${b.player} ${b.currency} bonus #${b.n} (${b.kind})`;
    if (!row) {
      out.push(`${name}: issued by the oracle, not by the product`);
      continue;
    }
    const product = { status: row.status, result: row.result, wager: row.wager, converted: row.converted ?? '-' };
    const model = {
      status: b.status,
      result: b.result,
      wager: String(b.wager),
      converted: row.converted === null ? '-' : String(b.converted),
    };
    if (JSON.stringify(product) !== JSON.stringify(model)) {
      out.push(`${name}: oracle ${JSON.stringify(model)}, product ${JSON.stringify(product)}`);
    }
  }
  for (const row of bonuses) {
    if (!w.bonuses.some((b) => b.issueKey === row.issue_key)) {
      out.push(`${who(row.player_id)} ${row.currency}: a bonus the oracle did not issue (${row.issue_key})`);
    }
  }

  for (const i of s.limited) out.push(...(await limitDifferences(s, i)));
  for (const i of s.questing) out.push(...(await questDifferences(s, i)));

  if (w.referral.mode !== 'none') {
    const [ref] = await rows(
      db,
      sql`select status, to_jsonb(r) ->> 'reward_status' as reward_status
            from referral.referrals r where referee_id = ${ids[1]}`,
    );
    // Before decision 0094 a qualified referral (2) was always paid.
    const before = { 1: 'in progress', 2: 'paid', 3: 'not qualified' } as Record<number, string>;
    const product = ref ? (ref.reward_status ?? before[ref.status] ?? `status ${ref.status}`) : 'none';
    const model = w.referral.reward ?? 'in progress';
    if (product !== model) out.push(`referral of p1 by p0: oracle ${model}, product ${product}`);
  }
  return out;
}

interface ListedLimit {
  definition: number;
  currency: string | null;
  period: string;
  amount: number | null;
  currentAmount: number | null;
  pendingExist: boolean;
  cancelProcess: boolean;
}

async function limitDifferences(s: Sequence, i: number): Promise<string[]> {
  const out: string[] = [];
  const w = s.world;
  const model = w.players[i]!.limits;
  const res = await s.bench.t.call('GET', '/api/player/limits', { token: s.players[i]!.auth });
  if (res.status !== 200) return [`p${i} limits: GET answered ${res.status}`];
  const listed = res.json.data as ListedLimit[];
  for (const l of model.live(w.now)) {
    const name = `p${i} ${l.period} ${l.definition === 1 ? 'bet' : 'loss'} limit ${l.currency}`;
    const row = listed.find((r) => r.definition === l.definition && r.currency === l.currency && r.period === l.period);
    if (!row) {
      out.push(`${name}: in the oracle, not listed`);
      continue;
    }
    const expected = {
      amount: money(l.amount),
      used: money(model.usage(l, w.steps)),
      raising: l.pending !== null,
      removing: l.removalAt !== null,
    };
    const actual = {
      amount: (row.amount ?? 0).toFixed(2),
      used: (row.currentAmount ?? 0).toFixed(2),
      raising: row.pendingExist,
      removing: row.cancelProcess,
    };
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      out.push(`${name}: oracle ${JSON.stringify(expected)}, product ${JSON.stringify(actual)}`);
    }
  }
  for (const row of listed.filter((r) => r.definition <= 2)) {
    const known = model
      .live(w.now)
      .some((l) => l.definition === row.definition && l.currency === row.currency && l.period === row.period);
    if (!known) out.push(`p${i}: a ${row.period} limit ${row.definition} ${row.currency} the oracle does not have`);
  }
  const cooling = listed.some((r) => r.definition === 5);
  if (cooling !== model.coolingOff(w.now)) {
    out.push(`p${i} cooling-off: oracle ${model.coolingOff(w.now)}, product ${cooling}`);
  }
  return out;
}

async function questDifferences(s: Sequence, i: number): Promise<string[]> {
  const q = s.world.players[i]!.quest;
  const res = await s.bench.t.call('GET', '/api/retention/player-quests?perPage=100', { token: s.players[i]!.auth });
  if (res.status !== 200) return [`p${i} quests: GET answered ${res.status}`];
  const [run] = res.json.data as { state: number; tasks: { progress: number }[] }[];
  const product = run ? { state: run.state, progress: run.tasks[0]?.progress } : null;
  const model = q ? { state: q.state, progress: q.progress } : null;
  return JSON.stringify(product) === JSON.stringify(model)
    ? []
    : [`p${i} quest: oracle ${JSON.stringify(model)}, product ${JSON.stringify(product)}`];
}
