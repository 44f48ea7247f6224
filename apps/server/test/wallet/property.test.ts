import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  type Leg,
  type Part,
  transfer,
  withTransaction,
} from '../../src/modules/wallet/index.ts';
import { freshWalletDatabase, house, ledgerViolations, playerAccount, rows } from './db.ts';

let database: Database;
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await freshWalletDatabase());
  db = database.db;
});
afterAll(() => close());

const currencies = ['EUR', 'BTC', 'JPY'] as const;
const players = 3;
const partArb = fc.constantFrom<Part>('real', 'bonus', 'locked');
const amountArb = fc.bigInt({ min: 1n, max: 5000n });
const who = fc.integer({ min: 0, max: players - 1 });
const cur = fc.integer({ min: 0, max: currencies.length - 1 });

type Op =
  | { type: 'credit'; player: number; currency: number; part: Part; amount: bigint; keyed: boolean }
  | { type: 'debit'; player: number; currency: number; part: Part; amount: bigint; keyed: boolean }
  | { type: 'move'; player: number; currency: number; from: Part; to: Part; amount: bigint; keyed: boolean }
  | { type: 'pay'; player: number; to: number; currency: number; amount: bigint; keyed: boolean }
  | { type: 'replay'; index: number }
  | { type: 'conflict'; index: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('credit' as const),
    player: who,
    currency: cur,
    part: partArb,
    amount: amountArb,
    keyed: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('debit' as const),
    player: who,
    currency: cur,
    part: partArb,
    amount: amountArb,
    keyed: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('move' as const),
    player: who,
    currency: cur,
    from: partArb,
    to: partArb,
    amount: amountArb,
    keyed: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('pay' as const),
    player: who,
    to: who,
    currency: cur,
    amount: amountArb,
    keyed: fc.boolean(),
  }),
  fc.record({ type: fc.constant('replay' as const), index: fc.nat() }),
  fc.record({ type: fc.constant('conflict' as const), index: fc.nat() }),
);

interface Request {
  key: string;
  kind: string;
  legs: Leg[];
  answer: unknown;
}

const snapshot = async () =>
  rows(
    db,
    sql`select (select count(*) from wallet.entries)::int as entries, (select count(*) from wallet.transactions)::int as txs,
        (select string_agg(id::text || real || ':' || bonus || ':' || locked, ',' order by id) from wallet.accounts) as balances`,
  );

describe('ledger properties', () => {
  it('random credits, debits, moves, payments, replays and conflicts keep every invariant', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        // Fresh players per run; house accounts are shared (they only ever balance the players).
        const ids = Array.from({ length: players }, () => randomUUID());
        const account = new Map<string, string>();
        const model = new Map<string, Record<Part, bigint>>();
        for (const p of ids) {
          for (const c of currencies) {
            const a = await playerAccount(db, c, p);
            account.set(`${p}:${c}`, a.id);
            model.set(a.id, { real: 0n, bonus: 0n, locked: 0n });
          }
        }
        const houses = new Map<string, string>();
        for (const c of currencies) houses.set(c, (await house(db, c, 'game')).id);
        const keyed: Request[] = [];

        for (const [i, op] of ops.entries()) {
          if (op.type === 'replay' || op.type === 'conflict') {
            if (keyed.length === 0) continue;
            const prior = keyed[op.index % keyed.length]!;
            const before = await snapshot();
            const legs =
              op.type === 'replay'
                ? prior.legs
                : prior.legs.map((l, j) => ({ ...l, amount: j === 0 ? l.amount * 2n : l.amount }));
            // A conflicting request must differ: the doubled first leg also unbalances, so shift it to the second.
            if (op.type === 'conflict') legs[1] = { ...legs[1]!, amount: legs[1]!.amount - prior.legs[0]!.amount };
            const attempt = withTransaction(db, (tx) =>
              transfer({ tx, kind: prior.kind, idempotencyKey: prior.key, legs }),
            );
            if (op.type === 'replay') {
              const result = await attempt;
              expect(result.replayed).toBe(true);
              expect(result.answer).toEqual(prior.answer);
            } else {
              await expect(attempt).rejects.toBeInstanceOf(IdempotencyConflictError);
            }
            expect(await snapshot()).toEqual(before);
            continue;
          }
          const c = currencies[op.currency]!;
          const mine = account.get(`${ids[op.player]}:${c}`)!;
          const h = houses.get(c)!;
          let legs: Leg[];
          if (op.type === 'credit')
            legs = [
              { accountId: h, part: 'real', amount: -op.amount },
              { accountId: mine, part: op.part, amount: op.amount },
            ];
          else if (op.type === 'debit')
            legs = [
              { accountId: mine, part: op.part, amount: -op.amount },
              { accountId: h, part: 'real', amount: op.amount },
            ];
          else if (op.type === 'move')
            legs = [
              { accountId: mine, part: op.from, amount: -op.amount },
              { accountId: mine, part: op.to, amount: op.amount },
            ];
          else
            legs = [
              { accountId: mine, part: 'real', amount: -op.amount },
              { accountId: account.get(`${ids[op.to]}:${c}`)!, part: 'real', amount: op.amount },
            ];
          // What the model expects: every player part stays at or above zero, or nothing happens.
          const next = new Map([...model].map(([k, v]) => [k, { ...v }]));
          for (const l of legs) {
            const m = next.get(l.accountId);
            if (m) m[l.part] += l.amount;
          }
          const overdraws = [...next.values()].some((m) => m.real < 0n || m.bonus < 0n || m.locked < 0n);
          const key = op.keyed ? `prop-${run}-${i}-${randomUUID()}` : undefined;
          const kind = `test.${op.type}`;
          const attempt = withTransaction(db, (tx) => transfer({ tx, kind, idempotencyKey: key, legs }));
          if (overdraws) {
            await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
          } else {
            const result = await attempt;
            for (const [k, v] of next) model.set(k, v);
            if (key) keyed.push({ key, kind, legs, answer: result.answer });
          }
        }

        const actual = await rows<{ id: string; real: bigint; bonus: bigint; locked: bigint }>(
          db,
          sql`select id, real, bonus, locked from wallet.accounts where id in (${sql.join(
            [...model.keys()].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        for (const row of actual) {
          const m = model.get(row.id)!;
          expect({ real: BigInt(row.real), bonus: BigInt(row.bonus), locked: BigInt(row.locked) }).toEqual(m);
        }
        expect(await ledgerViolations(db)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
