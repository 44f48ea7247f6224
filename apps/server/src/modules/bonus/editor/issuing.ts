import { BonusIssuingSettings, type BonusIssuingView } from '@croupier/contracts';
import { changeConfig } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { defineSetting, readSetting, writeSetting } from '../../settings/index.ts';
import { writeAudit } from '../../staff/index.ts';

// Pause and resume everything (issue 27): one operating setting that stops every bonus a player claims — codes
// applied or attached, deposit offers and the welcome package's steps, free-spin campaigns through codes. It is
// read inside the transaction that would issue, so a pause applies from the next claim on every instance. What
// was already issued runs on (free spins' winnings still become their bonus), and so do cashback (earned over a
// past week) and staff issues to named players (owner or admin, audited, one by one).

export const bonusIssuing = defineSetting('bonus-issuing', BonusIssuingSettings, { paused: false });

/** Whether issuing is paused, read in the caller's (issuing) transaction. */
export const issuingPaused = async (tx: Db) => (await readSetting(tx, bonusIssuing)).value.paused;

const view = (s: Awaited<ReturnType<typeof readSetting<BonusIssuingSettings>>>): BonusIssuingView => ({
  ...s.value,
  updatedAt: s.updatedAt?.toISOString() ?? null,
  updatedBy: s.updatedBy,
});

export const issuingView = async (db: Db) => view(await readSetting(db, bonusIssuing));

export async function setIssuing(db: Db, staffId: string, body: BonusIssuingSettings & { reason: string }) {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const { before, after } = await writeSetting(tx, bonusIssuing, { paused: body.paused }, staffId);
    await writeAudit(tx, {
      staffId,
      action: 'settings.bonus_issuing',
      targetType: 'setting',
      targetId: bonusIssuing.key,
      reason: body.reason,
      before,
      after,
    });
    return view(await readSetting(tx, bonusIssuing));
  });
}
