import { ApiError, ErrorCode, PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drizzleSql } from '../../db/lean-sql.ts';
import { type AccountRow, creditBonus, forfeitBonus, lockPlayerAccount, withTransaction } from '../wallet/index.ts';
import { type BonusRow, requiredWagerOf } from './definitions.ts';
import type { BonusDeps, ExpiryData } from './deps.ts';
import { publishBonus } from './events.ts';
import { type PlayerBonusRow, toPlayerBonus } from './present.ts';
import { playerBonuses } from './schema.ts';
import { activeBonusOf, bonusById, lockPlayerBonus, openStakesOf, updatePlayerBonus } from './store.ts';
import { type FrozenTerms, frozen, maxBetIn, maxWinIn, termsOf } from './terms.ts';

// A player bonus's life (spec §4): issued (1) → active (2) → finished (3) with a result. Every change runs
// under the player's account lock in that currency, so it queues with the player's bets: a cancel never
// races a stake (decision 0055).

const DAY_MS = 24 * 60 * 60 * 1000;
const refuse = (message: string) => ApiError.of(ErrorCode.conflict, message);
const notFound = () => ApiError.of(ErrorCode.notFound, 'No such bonus.');

export interface Issue {
  playerId: string;
  bonus: BonusRow;
  currency: string;
  /** Minor units. */
  amount: bigint;
  /** What caused it ('code:…', 'invoice:…'): one cause issues at most once. */
  issueKey: string;
  issueSessionId: string;
  /** Terms frozen earlier (free spins' winnings keep their issue's); else the definition's as they are now. */
  terms?: FrozenTerms;
}

async function present(tx: Db, row: PlayerBonusRow, bonus?: BonusRow | null) {
  const definition = bonus ?? (await bonusById(tx, row.bonusId));
  return toPlayerBonus(row, definition!, row.status === 2 ? await openStakesOf(tx, row.id) : 0);
}

async function changed(tx: Db, row: PlayerBonusRow, bonus?: BonusRow | null, created = false) {
  await publishBonus(tx, await present(tx, row, bonus), created);
  return row;
}

/**
 * Issues a bonus (status 1) with its activation deadline; it activates at once when the currency has no
 * active bonus. Null when this cause already issued it, or the player already had a once-only bonus.
 */
export async function issue(tx: Db, deps: BonusDeps, i: Issue): Promise<PlayerBonusRow | null> {
  const now = deps.now();
  const account = await lockPlayerAccount(tx, i.playerId, i.currency);
  if (!account) throw refuse(`Open a ${i.currency} account first.`);
  // From here on the bonus plays under these terms, whatever the definition becomes (issue 27).
  const terms = i.terms ?? termsOf(i.bonus, i.currency);
  const [row] = await tx
    .insert(playerBonuses)
    .values({
      playerId: i.playerId,
      bonusId: i.bonus.id,
      currency: i.currency,
      amount: i.amount,
      requiredWager: requiredWagerOf(terms, i.amount),
      maxBet: maxBetIn(terms),
      maxWin: maxWinIn(terms),
      terms,
      once: !i.bonus.reusable,
      activationExpiresAt: new Date(now.getTime() + terms.activationDays * DAY_MS),
      issueKey: i.issueKey,
      issueSessionId: i.issueSessionId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await changed(tx, row, i.bonus, true);
  await deps.send(
    deps.expiry,
    { playerBonusId: row.id, stage: 'activation' },
    {
      startAfter: row.activationExpiresAt!,
      in: drizzleSql(tx),
    },
  );
  if (await activeBonusOf(tx, i.playerId, i.currency)) return row;
  return start(tx, deps, row, i.bonus);
}

/** Issued → active: the money reaches the bonus part, the wagering window opens. */
async function start(tx: Db, deps: BonusDeps, row: PlayerBonusRow, bonus: BonusRow): Promise<PlayerBonusRow> {
  const now = deps.now();
  const account = await lockPlayerAccount(tx, row.playerId, row.currency);
  if (!account) throw refuse(`Open a ${row.currency} account first.`);
  if (row.amount > 0n) {
    await creditBonus(tx, { playerBonusId: row.id, accountId: account.id, currency: row.currency, amount: row.amount });
  }
  const wageringExpiresAt = new Date(now.getTime() + frozen(row.terms).wageringDays * DAY_MS);
  const active = await updatePlayerBonus(tx, row.id, {
    status: PlayerBonusStatus.active,
    activatedAt: now,
    wageringExpiresAt,
  });
  await deps.send(
    deps.expiry,
    { playerBonusId: row.id, stage: 'wagering' },
    { startAfter: wageringExpiresAt, in: drizzleSql(tx) },
  );
  return changed(tx, active, bonus);
}

/** Locks the account of the bonus's currency, then the bonus (the money path's order). */
async function lockBoth(tx: Db, playerId: string, id: string) {
  // Ownership first: another player's id reads as missing.
  const [peek] = await tx
    .select({ currency: playerBonuses.currency })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.id, id), eq(playerBonuses.playerId, playerId)));
  if (!peek) throw notFound();
  const account = await lockPlayerAccount(tx, playerId, peek.currency);
  const row = await lockPlayerBonus(tx, playerId, id);
  if (!row) throw notFound();
  return { account, row };
}

/** The cancel lock the bonus was issued with (issue 27), once wagering has begun. */
const locked = (row: PlayerBonusRow) => frozen(row.terms).cancelLock && row.currentWager > 0n;

/** PUT …/activate: an issued bonus becomes the active one; the current active one, if any, is cancelled. */
export async function activate(tx: Db, deps: BonusDeps, playerId: string, id: string): Promise<PlayerBonusRow> {
  const { row } = await lockBoth(tx, playerId, id);
  if (row.status !== PlayerBonusStatus.issued) throw refuse('Only an issued bonus can be activated.');
  const bonus = (await bonusById(tx, row.bonusId))!;
  const current = await activeBonusOf(tx, playerId, row.currency);
  if (current) {
    const currentBonus = (await bonusById(tx, current.bonusId))!;
    if (locked(current)) throw refuse('The active bonus is being wagered and cannot be replaced.');
    await finish(tx, deps, current, PlayerBonusResult.cancelled, currentBonus);
  }
  return start(tx, deps, row, bonus);
}

/** PUT …/cancel: an issued bonus is dropped; an active one forfeits its bonus money. */
export async function cancel(tx: Db, deps: BonusDeps, playerId: string, id: string): Promise<PlayerBonusRow> {
  const { row } = await lockBoth(tx, playerId, id);
  if (row.status === PlayerBonusStatus.finished) throw refuse('This bonus is already finished.');
  const bonus = (await bonusById(tx, row.bonusId))!;
  if (locked(row)) throw refuse('This bonus is being wagered and cannot be cancelled.');
  return finish(tx, deps, row, PlayerBonusResult.cancelled, bonus);
}

/**
 * Finishes a bonus with `result` (the caller holds the account lock). An active one's money leaves the
 * bonus part: what is left returns to the house (cancelled, expired; a lost one has none left).
 */
export async function finish(
  tx: Db,
  deps: Pick<BonusDeps, 'now'>,
  row: PlayerBonusRow,
  result: number,
  bonus: BonusRow,
  account?: AccountRow | null,
): Promise<PlayerBonusRow> {
  if (row.status === PlayerBonusStatus.active) {
    const held = account ?? (await lockPlayerAccount(tx, row.playerId, row.currency));
    if (held && held.bonus > 0n) {
      await forfeitBonus(tx, { playerBonusId: row.id, accountId: held.id, currency: row.currency, amount: held.bonus });
    }
  }
  const done = await updatePlayerBonus(tx, row.id, {
    status: PlayerBonusStatus.finished,
    result,
    finishedAt: deps.now(),
  });
  return changed(tx, done, bonus);
}

/** The deadline job's work: expires the bonus if it still waits at its deadline (a re-run finds it finished). */
export async function expire(deps: BonusDeps, { playerBonusId, stage }: ExpiryData): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const [peek] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, playerBonusId));
    if (!peek) return false;
    const account = await lockPlayerAccount(tx, peek.playerId, peek.currency);
    const row = await lockPlayerBonus(tx, peek.playerId, playerBonusId);
    const now = deps.now();
    const due =
      stage === 'activation'
        ? row?.status === PlayerBonusStatus.issued && row.activationExpiresAt && row.activationExpiresAt <= now
        : row?.status === PlayerBonusStatus.active && row.wageringExpiresAt && row.wageringExpiresAt <= now;
    if (!row || !due) return false;
    await finish(tx, deps, row, PlayerBonusResult.expired, (await bonusById(tx, row.bonusId))!, account);
    return true;
  });
}
