import { ApiError, type BonusIssueOutcome, ErrorCode, type IssueBonusResult } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mayGainValueNow } from '../../risk/index.ts';
import { listAccounts, lockPlayerAccount, withTransaction } from '../../wallet/index.ts';
import { amountOf, type BonusRow } from '../definitions.ts';
import type { BonusDeps } from '../deps.ts';
import { issueFreeSpins, tellProviderOf } from '../free-spins.ts';
import { issue } from '../lifecycle.ts';
import { playerBonuses, playerFreespins } from '../schema.ts';
import { bonusById } from '../store.ts';
import { audit } from './actor.ts';

// Issuing a bonus or free spins to named players (issue 27): `bonuses:issue`, owner and admin only — it is
// player money. One transaction per player (the issue and its audit row naming the player), so a long list never
// holds many account locks and a failure leaves the others done. Idempotent per (issueKey, player): the issue key
// is `staff:<issueKey>:<playerId>`, unique in the player bonuses and free spins. A player who is unknown, has no
// active account, is excluded, or already had a once-only bonus is listed as refused. The global pause does not
// stop it (an explicit, audited decision), but a paused or archived bonus is refused.

const refusedWith = (playerId: string, message: string): BonusIssueOutcome => ({
  playerId,
  result: 'refused',
  id: null,
  currency: null,
  message,
});

async function already(tx: Db, key: string): Promise<{ id: string; currency: string } | null> {
  const [pb] = await tx
    .select({ id: playerBonuses.id, currency: playerBonuses.currency })
    .from(playerBonuses)
    .where(eq(playerBonuses.issueKey, key));
  if (pb) return pb;
  const [fs] = await tx
    .select({ id: playerFreespins.id, currency: playerFreespins.currency })
    .from(playerFreespins)
    .where(eq(playerFreespins.issueKey, key));
  return fs ?? null;
}

async function issueOne(
  deps: BonusDeps,
  bonus: BonusRow,
  playerId: string,
  input: { issueKey: string; staffId: string; reason: string },
): Promise<BonusIssueOutcome> {
  const key = `staff:${input.issueKey}:${playerId}`;
  return withTransaction(deps.db, async (tx) => {
    const had = await already(tx, key);
    if (had) return { playerId, result: 'already', id: had.id, currency: had.currency, message: null };
    const active = (await listAccounts(tx, playerId)).find((a) => a.status === 1);
    if (!active) return refusedWith(playerId, 'Unknown player, or no active account.');
    if (!(await mayGainValueNow(deps.mayClaim, playerId, tx))) {
      return refusedWith(playerId, 'The player is excluded or blocked from bonuses.');
    }
    const currency = active.currency;
    if (!(await lockPlayerAccount(tx, playerId, currency))) return refusedWith(playerId, 'No active account.');
    const base = { playerId, bonus, currency, issueKey: key, issueSessionId: crypto.randomUUID() };
    let id: string | null = null;
    if (bonus.kind === 'freespins') {
      id = (await issueFreeSpins(tx, deps, base))?.id ?? null;
    } else {
      const amount = amountOf(bonus, currency);
      if (amount === null) return refusedWith(playerId, `This bonus has no amount in ${currency}.`);
      id = (await issue(tx, deps, { ...base, amount }))?.id ?? null;
    }
    if (!id) return refusedWith(playerId, `Not offered in ${currency}, or a once-only bonus the player already had.`);
    await audit(
      tx,
      { staffId: input.staffId, reason: input.reason },
      {
        action: 'bonus.issue',
        targetType: 'bonus',
        targetId: bonus.id,
        playerId,
        after: { kind: bonus.kind, id, currency, issueKey: input.issueKey },
      },
    );
    return { playerId, result: 'issued', id, currency, message: null };
  });
}

export async function issueToPlayers(
  deps: BonusDeps,
  bonusId: string,
  input: { playerIds: string[]; issueKey: string; staffId: string; reason: string },
): Promise<IssueBonusResult> {
  const bonus = await bonusById(deps.db, bonusId);
  if (!bonus) throw ApiError.of(ErrorCode.notFound, 'No such bonus.');
  if (bonus.kind !== 'cash' && bonus.kind !== 'freespins') {
    const message = 'Only cash bonuses and free spins can be issued to named players.';
    throw ApiError.of(ErrorCode.validation, message, { bonusId: [message] });
  }
  if (bonus.archivedAt || !bonus.enabled) {
    throw ApiError.of(ErrorCode.alreadyDecided, 'This bonus is paused or archived: resume it first.');
  }
  const outcomes: BonusIssueOutcome[] = [];
  for (const playerId of new Set(input.playerIds)) outcomes.push(await issueOne(deps, bonus, playerId, input));
  // Free spins issued active are told to the game provider after commit (its award job retries).
  const spins = bonus.kind === 'freespins' ? outcomes.filter((o) => o.result === 'issued').map((o) => o.id!) : [];
  await tellProviderOf(deps, spins);
  const n = (r: BonusIssueOutcome['result']) => outcomes.filter((o) => o.result === r).length;
  return { issued: n('issued'), already: n('already'), refused: n('refused'), outcomes };
}
