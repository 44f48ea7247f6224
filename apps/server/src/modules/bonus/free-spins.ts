import { ApiError, ErrorCode, PlayerBonusResult, PlayerBonusStatus, STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drizzleSql } from '../../db/lean-sql.ts';
import { providerOfGame } from '../game/index.ts';
import { lockPlayerAccount, withTransaction } from '../wallet/index.ts';
import { jobIdOf } from './cashback.ts';
import type { BonusRow } from './definitions.ts';
import type { BonusDeps, ExpiryData } from './deps.ts';
import { type FreeSpinRow, publishFreeSpin, toPlayerFreespin } from './free-spin-present.ts';
import { playerFreespins } from './schema.ts';
import { bonusById } from './store.ts';
import { frozen, termsOf } from './terms.ts';

// Free spins' life (spec §4, decision 0065): issued (1) → active (2) → finished (3), result 2 played,
// 3 cancelled, 4 expired. Active ones are told to the game provider, which plays them as zero-stake free rounds
// through the seamless API; the money rule counts them (free-spin-rule.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
const notFound = () => ApiError.of(ErrorCode.notFound, 'No such free spins.');
const refuse = (message: string) => ApiError.of(ErrorCode.conflict, message);

export interface FreeSpinIssue {
  playerId: string;
  bonus: BonusRow;
  currency: string;
  issueKey: string;
  issueSessionId: string;
}

/** The bet per spin in `currency`, or null when the definition does not offer free spins there. */
export function freeSpinBetOf(b: BonusRow, currency: string): bigint | null {
  if (b.kind !== 'freespins' || !b.freeSpinGame || !b.freeSpinCount || b.amounts[currency] === undefined) return null;
  return BigInt(b.amounts[currency]);
}

/**
 * The provider the spins are bound to (decision 0095): the game's provider in the catalogue, fixed at issue.
 * A game the catalogue does not list is the studio's, the one provider the free rounds are awarded to
 * (free-rounds-port.ts).
 */
async function providerFor(tx: Db, game: string): Promise<string> {
  return (await providerOfGame(tx, game)) ?? STUDIO_PROVIDER_ID;
}

async function changed(tx: Db, row: FreeSpinRow, bonus: BonusRow, created = false) {
  await publishFreeSpin(tx, toPlayerFreespin(row, bonus), created);
  return row;
}

async function update(tx: Db, id: string, values: Partial<typeof playerFreespins.$inferInsert>) {
  const [row] = await tx.update(playerFreespins).set(values).where(eq(playerFreespins.id, id)).returning();
  return row!;
}

async function deadline(tx: Db, deps: BonusDeps, id: string, stage: ExpiryData['stage'], at: Date) {
  await deps.send(deps.expiry, { playerBonusId: id, stage }, { startAfter: at, in: drizzleSql(tx) });
}

/**
 * Issues free spins; they activate at once unless the player already plays free spins in that currency.
 * Null when the cause already issued them, or a once-only offer was already given to this player.
 */
export async function issueFreeSpins(tx: Db, deps: BonusDeps, i: FreeSpinIssue): Promise<FreeSpinRow | null> {
  const bet = freeSpinBetOf(i.bonus, i.currency);
  if (bet === null) return null;
  const had = i.bonus.reusable
    ? []
    : await tx
        .select({ id: playerFreespins.id })
        .from(playerFreespins)
        .where(and(eq(playerFreespins.playerId, i.playerId), eq(playerFreespins.bonusId, i.bonus.id)));
  if (had.length > 0) return null;
  const now = deps.now();
  // The game, count and bet are columns; the play window and the winnings' wagering are frozen here (issue 27).
  const terms = termsOf(i.bonus, i.currency);
  const [row] = await tx
    .insert(playerFreespins)
    .values({
      playerId: i.playerId,
      bonusId: i.bonus.id,
      currency: i.currency,
      gameId: i.bonus.freeSpinGame!,
      providerId: await providerFor(tx, i.bonus.freeSpinGame!),
      count: i.bonus.freeSpinCount!,
      bet,
      terms,
      activationExpiresAt: new Date(now.getTime() + terms.activationDays * DAY_MS),
      issueKey: i.issueKey,
      issueSessionId: i.issueSessionId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await changed(tx, row, i.bonus, true);
  await deadline(tx, deps, row.id, 'freespin-activation', row.activationExpiresAt!);
  const [playing] = await tx
    .select({ id: playerFreespins.id })
    .from(playerFreespins)
    .where(
      and(
        eq(playerFreespins.playerId, i.playerId),
        eq(playerFreespins.currency, i.currency),
        eq(playerFreespins.status, PlayerBonusStatus.active),
      ),
    );
  return playing ? row : start(tx, deps, row, i.bonus);
}

/**
 * Free spins for other modules (a wheel sector, a tournament place, a quest reward: the bonus index's
 * `issuePlayerFreeSpins`), in the caller's transaction. Under the player's account lock in that currency (the
 * money path's lock, as `issuePlayerBonus` takes it), so two issues, or an issue and a free round, queue.
 * At most once per `issueKey` (unique): a repeat, a second job run or a restart issues nothing and answers
 * null, as does a once-only definition the player already had. Refused (409) when the definition is not free
 * spins offered in that currency, or the player has no account in it.
 */
export async function issuePlayerFreeSpins(tx: Db, deps: BonusDeps, i: FreeSpinIssue): Promise<FreeSpinRow | null> {
  if (freeSpinBetOf(i.bonus, i.currency) === null) {
    throw refuse(`These free spins are not offered in ${i.currency}.`);
  }
  if (!(await lockPlayerAccount(tx, i.playerId, i.currency))) throw refuse(`Open a ${i.currency} account first.`);
  return issueFreeSpins(tx, deps, i);
}

/** Issued → active: the play window opens and the provider is told (by a job too, should the call fail). */
async function start(tx: Db, deps: BonusDeps, row: FreeSpinRow, bonus: BonusRow): Promise<FreeSpinRow> {
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + frozen(row.terms).wageringDays * DAY_MS);
  const active = await update(tx, row.id, { status: PlayerBonusStatus.active, activatedAt: now, expiresAt });
  await deadline(tx, deps, row.id, 'freespin-play', expiresAt);
  await deps.send(
    deps.freeSpinJobs.award,
    { freeSpinId: row.id },
    { in: drizzleSql(tx), id: jobIdOf(`award:${row.id}`) },
  );
  return changed(tx, active, bonus);
}

async function lockOwn(tx: Db, playerId: string, id: string): Promise<FreeSpinRow> {
  const [row] = await tx
    .select()
    .from(playerFreespins)
    .where(and(eq(playerFreespins.id, id), eq(playerFreespins.playerId, playerId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** PUT …/player-freespins/{id}/activate: issued free spins become playable. */
export async function activateFreeSpins(tx: Db, deps: BonusDeps, playerId: string, id: string) {
  const row = await lockOwn(tx, playerId, id);
  if (row.status !== PlayerBonusStatus.issued) throw refuse('Only issued free spins can be activated.');
  return start(tx, deps, row, (await bonusById(tx, row.bonusId))!);
}

/**
 * Finishes free spins with `result` (cancelled, expired). Winnings of spins already played stay with the house
 * (they wait in its bonus account until the last spin); a free round still open forfeits its win too.
 */
async function end(tx: Db, deps: Pick<BonusDeps, 'now'>, row: FreeSpinRow, result: number) {
  const done = await update(tx, row.id, {
    status: PlayerBonusStatus.finished,
    result,
    finishedAt: deps.now(),
  });
  return changed(tx, done, (await bonusById(tx, row.bonusId))!);
}

/** PUT …/player-freespins/{id}/cancel. */
export async function cancelFreeSpins(tx: Db, deps: BonusDeps, playerId: string, id: string) {
  const row = await lockOwn(tx, playerId, id);
  if (row.status === PlayerBonusStatus.finished) throw refuse('These free spins are already finished.');
  return end(tx, deps, row, PlayerBonusResult.cancelled);
}

/** The deadline job's work for free spins: expires them if they still wait (or play) at their deadline. */
export async function expireFreeSpins(deps: BonusDeps, { playerBonusId: id, stage }: ExpiryData): Promise<boolean> {
  const ended = await withTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(playerFreespins).where(eq(playerFreespins.id, id)).for('update');
    const now = deps.now();
    const due =
      stage === 'freespin-activation'
        ? row?.status === PlayerBonusStatus.issued && row.activationExpiresAt && row.activationExpiresAt <= now
        : row?.status === PlayerBonusStatus.active && row.expiresAt && row.expiresAt <= now;
    if (!row || !due) return null;
    return end(tx, deps, row, PlayerBonusResult.expired);
  });
  if (ended) await tellProviderOf(deps, [ended.id]);
  return ended !== null;
}

/** Tells the game provider of these free spins: active ones are awarded, finished ones withdrawn. */
export async function tellProvider(deps: BonusDeps, rows: FreeSpinRow[]): Promise<void> {
  const port = deps.freeRounds.port;
  if (!port) throw new Error('No game provider for free spins yet');
  for (const r of rows) {
    if (r.status === PlayerBonusStatus.active) {
      const { id, playerId, gameId: game, currency, count, bet, expiresAt } = r;
      await port.award({ id, playerId, game, currency, count, bet, expiresAt });
    } else if (r.status === PlayerBonusStatus.finished) {
      await port.cancel(r.id);
    }
  }
}

/** Tells the provider of these free spins as they are now; throws when it did not answer (a job retries). */
export async function tellProviderNow(deps: BonusDeps, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db.select().from(playerFreespins).where(inArray(playerFreespins.id, ids));
  await tellProvider(deps, rows);
}

/** After a commit that changed these free spins: tells the provider at once (the award job retries it). */
export const tellProviderOf = (deps: BonusDeps, ids: string[]) => tellProviderNow(deps, ids).catch(() => undefined);

/** After a commit that may have activated free spins of this player (a code): tells the provider of them. */
export async function tellProviderOfPlayer(deps: BonusDeps, playerId: string): Promise<void> {
  const rows = await deps.db
    .select({ id: playerFreespins.id })
    .from(playerFreespins)
    .where(and(eq(playerFreespins.playerId, playerId), eq(playerFreespins.status, PlayerBonusStatus.active)));
  await tellProviderOf(
    deps,
    rows.map((r) => r.id),
  );
}
