import { TurnOverSettings, type TurnOverView } from '@croupier/contracts';
import { changeConfig } from '../../config-bus/index.ts';
import type { Db } from '../../db/client.ts';
import { defineSetting, readSetting, seedSetting, writeSetting } from '../settings/index.ts';
import type { AuditInput } from '../staff/index.ts';
import { releaseAllWithdrawals } from '../wallet/index.ts';

// The turn-over rule's operator setting (backoffice-api.md §9, issue 27): an operating setting, read inside the
// deposit's transaction (turn-over.ts) and by the rollback's statement (turn-over-statements.ts), so a change
// applies on every instance from the next movement. It moved from risk.turn_over_settings (0034 copied the
// operator's row, 0039 dropped the table).

/** Default without a stored value (issue 12 §7): on, deposits wagered once. */
export const turnOverSetting = defineSetting('turn-over', TurnOverSettings, { enabled: true, multiplier: 1 });

const view = (s: Awaited<ReturnType<typeof readSetting<TurnOverSettings>>>): TurnOverView => ({
  ...s.value,
  updatedAt: s.updatedAt?.toISOString() ?? null,
  updatedBy: s.updatedBy,
});

export async function turnOverSettingView(db: Db): Promise<TurnOverView> {
  return view(await readSetting(db, turnOverSetting));
}

/** Switching the rule off releases every held withdrawal, in the same transaction, so no hold outlives it (0076). */
async function write(tx: Db, value: TurnOverSettings, staffId: string | null) {
  const change = await writeSetting(tx, turnOverSetting, value, staffId);
  if (!value.enabled || value.multiplier <= 0) await releaseAllWithdrawals(tx);
  return change;
}

/** PUT /api/backoffice/settings/turn-over: the change, its audit row and the config event in one transaction. */
export async function updateTurnOverSetting(
  db: Db,
  staffId: string,
  body: TurnOverSettings & { reason: string },
  /** The staff module's audit writer (handed in: risk importing staff would close a loop). */
  writeAudit: (tx: Db, input: AuditInput) => Promise<unknown>,
): Promise<TurnOverView> {
  return changeConfig(db, ['settings'], async (tx) => {
    const value = { enabled: body.enabled, multiplier: body.multiplier };
    const { before, after } = await write(tx, value, staffId);
    await writeAudit(tx, {
      staffId,
      action: 'settings.turn_over',
      targetType: 'setting',
      targetId: turnOverSetting.key,
      reason: body.reason,
      before,
      after,
    });
    return view(await readSetting(tx, turnOverSetting));
  });
}

/** The setting without a staff member (tests; no audit row). */
export async function setTurnOverSetting(db: Db, s: TurnOverSettings): Promise<void> {
  await db.transaction(async (tx) => void (await write(tx as unknown as Db, s, null)));
}

/** The demo's setting (issue 12 §7): on, deposits wagered once (the default, written out for the back office). */
export const seedTurnOver = (db: Db) => seedSetting(db, turnOverSetting, { enabled: true, multiplier: 1 });
