import { ApiError, ErrorCode, QuestRewardType } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { payReward } from '../../wallet/index.ts';
import { issueBonusPrize } from '../bonus-prizes.ts';
import type { QuestDeps } from './deps.ts';
import type { RewardDefinition } from './schema.ts';
import type { PlayerQuestRow } from './store.ts';

// A completed quest's rewards, paid in the claim's transaction (decision 0061). Each reward has its own key
// (`quest:{playerQuestId}:{index}`), so however often a claim runs, each is paid once.

async function issueBonus(tx: Db, deps: QuestDeps, run: PlayerQuestRow, reward: RewardDefinition, key: string) {
  if (!reward.bonusId) throw ApiError.of(ErrorCode.conflict, 'This reward cannot be issued now.');
  // A bonus or free spins through the bonus index (decision 0077), in the quest's currency: a definition that
  // cannot be issued there refuses the claim (409), and the quest stays completed and claimable.
  const outcome = await issueBonusPrize(tx, deps.bonus, {
    playerId: run.playerId,
    bonusId: reward.bonusId,
    amounts: reward.amounts,
    currency: run.currency,
    namedOnly: true,
    issueKey: key,
    // A uuid column: the player quest's id names the cause (the key above names the reward).
    issueSessionId: run.id,
  });
  if ('reason' in outcome) throw ApiError.of(ErrorCode.conflict, 'This reward cannot be issued now.');
}

export async function payRewards(tx: Db, deps: QuestDeps, run: PlayerQuestRow, rewards: RewardDefinition[]) {
  for (const [index, reward] of rewards.entries()) {
    const key = `quest:${run.id}:${index}`;
    if (reward.type !== QuestRewardType.money) {
      await issueBonus(tx, deps, run, reward, key);
      continue;
    }
    const minor = reward.amounts[run.currency];
    if (minor === undefined || BigInt(minor) <= 0n) continue;
    await payReward(tx, {
      idempotencyKey: key,
      playerId: run.playerId,
      currency: run.currency,
      amount: BigInt(minor),
      part: reward.lockBalance ? 'bonus' : 'real',
      kind: 'quest.reward',
      source: { kind: 'quest', id: run.questId },
    });
  }
}
