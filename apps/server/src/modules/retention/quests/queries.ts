import { type PlayerQuestsQuery, pageMeta, type Quest, type QuestsQuery } from '@croupier/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, notExists, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { listAccounts } from '../../wallet/index.ts';
import { availableQuest, playerQuest, progressMap } from './present.ts';
import { playerQuests, quests } from './schema.ts';
import { definitionsOf, progressOf, runDefinitionsOf } from './store.ts';

// The two lists of api-contract §11.2, paginated.

/** Rewards are shown in the asked currency, else the player's selected account's. */
async function displayCurrency(db: Db, playerId: string, asked: string | undefined): Promise<string> {
  if (asked) return asked;
  const accounts = await listAccounts(db, playerId);
  return (accounts.find((a) => a.status === 1) ?? accounts[0])?.currency ?? 'EUR';
}

/** GET /api/retention/quests: enabled, not over, and not taken (a live or finished run) by the player. */
export async function listAvailable(db: Db, playerId: string, q: QuestsQuery, now: Date) {
  const taken = db
    .select({ id: playerQuests.id })
    .from(playerQuests)
    .where(
      and(
        eq(playerQuests.playerId, playerId),
        eq(playerQuests.questId, quests.id),
        inArray(playerQuests.state, [2, 3, 4]),
      ),
    );
  const filter = and(
    eq(quests.enabled, true),
    or(isNull(quests.availableTo), gt(quests.availableTo, now)),
    notExists(taken),
  );
  const [rows, [total], currency] = await Promise.all([
    db
      .select({ id: quests.id })
      .from(quests)
      .where(filter)
      .orderBy(asc(quests.order), asc(quests.createdAt), asc(quests.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(quests).where(filter),
    displayCurrency(db, playerId, q.currency),
  ]);
  const definitions = await definitionsOf(
    db,
    rows.map((r) => r.id),
  );
  const data: Quest[] = rows.map((r) => availableQuest(definitions.get(r.id)!, playerId, currency));
  return { data, meta: pageMeta(q.page, q.perPage, total?.n ?? 0) };
}

/** GET /api/retention/player-quests: the player's runs by state (and reward currency), newest first. */
export async function listPlayerQuests(db: Db, playerId: string, q: PlayerQuestsQuery) {
  const where: SQL[] = [eq(playerQuests.playerId, playerId)];
  if (q.state?.length) where.push(inArray(playerQuests.state, q.state));
  if (q.currency) where.push(eq(playerQuests.currency, q.currency));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerQuests)
      .where(filter)
      .orderBy(desc(playerQuests.createdAt), desc(playerQuests.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(playerQuests).where(filter),
  ]);
  const [definitions, progress] = await Promise.all([
    runDefinitionsOf(db, rows),
    progressOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const data = rows.map((r) => playerQuest(definitions.get(r.id)!, r, progressMap(progress.get(r.id))));
  return { data, meta: pageMeta(q.page, q.perPage, total?.n ?? 0) };
}
