import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SeamlessTestApp } from '../seamless/helpers.ts';
import type { BonusModel } from './bonus-model.ts';
import { account, houseBonus, ledgerHolds, type Player } from './helpers.ts';

const cents = (value: number) => BigInt(Math.round(value * 100));

/**
 * The database against the model (decision 0090) after `step`: the account's real and bonus parts, the house
 * bonus account since `houseAtStart`, every player bonus (status, result, wager, converted), and the ledger.
 */
export async function expectModel(
  t: SeamlessTestApp,
  p: Player,
  model: BonusModel,
  houseAtStart: number,
  step: string,
) {
  const acc = await account(t, p);
  expect({ real: cents(acc.realBalance), bonus: cents(acc.bonusBalance) }, step).toEqual({
    real: model.real,
    bonus: model.bonus,
  });
  expect(BigInt((await houseBonus(t)) - houseAtStart), `${step}: house bonus account`).toBe(model.house);
  const rows = await t.database.db.execute(
    sql`select status, result, current_wager::text as wager, converted::text as converted
          from bonus.player_bonuses where player_id = ${p.playerId} order by created_at`,
  );
  type Row = { status: number; result: number; wager: string; converted: string };
  const found = (rows as unknown as { rows: Row[] }).rows;
  expect(
    found.map((r) => ({ status: r.status, result: r.result, wager: BigInt(r.wager), converted: BigInt(r.converted) })),
    `${step}: player bonuses`,
  ).toEqual(model.bonuses.map((b) => ({ status: b.status, result: b.result, wager: b.wager, converted: b.converted })));
  const ledger = await ledgerHolds(t);
  expect(ledger.negative, `${step}: negative parts`).toBe(0);
  expect(
    ledger.sums.every((s) => s === '0'),
    `${step}: ledger sums`,
  ).toBe(true);
}
