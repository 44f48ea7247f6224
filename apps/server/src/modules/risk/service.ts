import { ApiError, type CreateLimitRequest, ErrorCode, type Limit, type UpdateLimitRequest } from '@croupier/contracts';
import { LimitDefinition } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import type { PlayerModule } from '../player/index.ts';
import { withTransaction } from '../wallet/index.ts';
import { type Change, createLimit, requestRemoval, sameKind, updateLimit } from './changes.ts';
import { settleDue } from './settle.ts';
import { isCash, present } from './state.ts';
import { type LimitRow, lockPlayerLimits } from './store.ts';
import { usageOf } from './usage.ts';

export interface RiskDeps {
  db: Db;
  player: Pick<PlayerModule, 'closeForSelfExclusion'>;
  /** The clock of every limit rule (tests move it across the 24-hour delays). */
  now: () => Date;
}

const notFound = () => ApiError.of(ErrorCode.notFound, 'Limit not found.');

/** The player's limits API (api-contract §6). Every change runs under the player's limits lock. */
export function createLimitsApi(deps: RiskDeps) {
  /** One change in one transaction, after the due waiting changes were applied; answers the contract's Limit. */
  async function change(playerId: string, fn: (c: Change, live: LimitRow[]) => Promise<LimitRow>): Promise<Limit> {
    let afterCommit: (() => void) | undefined;
    const now = deps.now();
    const row = await withTransaction(deps.db, async (tx) => {
      await lockPlayerLimits(tx, playerId);
      const live = await settleDue(tx, playerId, now);
      const c: Change = { tx, playerId, now, actor: 'player' };
      const row = await fn(c, live);
      const excluding = row.definition === LimitDefinition.selfExclusion && !live.some((r) => r.id === row.id);
      if (excluding) afterCommit = await deps.player.closeForSelfExclusion(tx, playerId);
      return row;
    });
    afterCommit?.();
    return presentOne(row, now);
  }

  async function presentOne(row: LimitRow, now: Date): Promise<Limit> {
    if (!isCash(row)) return present(row, now, null);
    return present(row, now, await usageOf(deps.db, row, now));
  }

  return {
    async list(playerId: string): Promise<Limit[]> {
      const now = deps.now();
      const live = await withTransaction(deps.db, async (tx) => {
        await lockPlayerLimits(tx, playerId);
        return settleDue(tx, playerId, now);
      });
      return Promise.all(live.map((row) => presentOne(row, now)));
    },
    create: (playerId: string, body: CreateLimitRequest) =>
      change(playerId, async (c, live) => {
        const existing = sameKind(live, body);
        return existing ? updateLimit(c, existing, body) : createLimit(c, body);
      }),
    update: (playerId: string, id: string, body: UpdateLimitRequest) =>
      change(playerId, async (c, live) => updateLimit(c, ownLive(live, id), body)),
    remove: (playerId: string, id: string) => change(playerId, async (c, live) => requestRemoval(c, ownLive(live, id))),
  };
}

/** Another player's id, or a limit that ended, is "not found": ids reveal nothing. */
function ownLive(live: LimitRow[], id: string): LimitRow {
  const row = live.find((r) => r.id === id);
  if (!row) throw notFound();
  return row;
}
