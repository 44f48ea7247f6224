import type { PlayerFreespin } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import type { Sql } from '../../db/lean-sql.ts';
import { enqueue, enqueueIn } from '../../outbox/index.ts';
import type { BonusRow } from './definitions.ts';
import type { playerFreespins } from './schema.ts';

// Free spins in the contract's shape (api-contract §10 PlayerFreespin) and what the site hears of them
// (bonus:player-freespins#{playerId}, §14), written in the change's own transaction.

export type FreeSpinRow = typeof playerFreespins.$inferSelect;
export type FreeSpinFace = Pick<BonusRow, 'name' | 'packageId' | 'packagePriority'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPlayerFreespin(row: FreeSpinRow, bonus: FreeSpinFace): PlayerFreespin {
  return {
    id: row.id,
    playerId: row.playerId,
    name: bonus.name,
    status: row.status,
    result: row.result,
    count: row.count,
    usedCount: row.usedCount,
    progress: row.count === 0 ? 0 : Math.round((row.usedCount * 10_000) / row.count) / 100,
    gameId: row.gameId,
    currency: row.currency,
    betAmount: toMajor(row.bet, row.currency),
    winAmount: toMajor(row.win, row.currency),
    activationExpiredAt: iso(row.activationExpiresAt),
    wageringExpiredAt: null,
    issuedAt: row.createdAt.toISOString(),
    expiredAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    packageId: bonus.packageId ?? '',
    packagePriority: bonus.packagePriority,
    issueSessionId: row.issueSessionId,
  };
}

export const playerFreespinsChannel = (playerId: string) => `bonus:player-freespins#${playerId}`;

const freeSpinEvent = (playerFreespin: PlayerFreespin, created: boolean) => {
  const event = created ? 'player.freespin.created' : 'player.freespin.updated';
  return { channel: playerFreespinsChannel(playerFreespin.playerId), event, data: { event, playerFreespin } };
};

export async function publishFreeSpin(tx: Db, playerFreespin: PlayerFreespin, created = false): Promise<void> {
  await enqueue(tx, freeSpinEvent(playerFreespin, created));
}

/** The same, inside a money movement's lean transaction. */
export async function publishFreeSpinIn(sql: Sql, playerFreespin: PlayerFreespin): Promise<void> {
  await enqueueIn(sql, [freeSpinEvent(playerFreespin, false)]);
}
