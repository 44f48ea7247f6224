import { ApiError, ErrorCode, QuestRewardType } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { bonusDefinitionById, issuePlayerBonus } from '../../bonus/index.ts';
import { payReward } from '../../wallet/index.ts';
import { issuableKind } from '../bonus-prizes.ts';
import type { QuestDeps } from './deps.ts';
import type { RewardDefinition } from './schema.ts';
import type { PlayerQuestRow } from './store.ts';

// A completed quest's rewards, paid in the claim's transaction (decision 0061). Each reward has its own key
// (`quest:{playerQuestId}:{index}`), so however often a claim runs, each is paid once.

async function issueBonus(tx: Db, deps: QuestDeps, run: PlayerQuestRow, reward: RewardDefinition, key: string) {
  const bonus = reward.bonusId && deps.bonus ? await bonusDefinitionById(tx, reward.bonusId) : null;
  // Free spins need the bonus module's free-spin issue, not on its index yet (decision 0077): refused, the
  // quest stays completed and claimable.
  if (!bonus || !deps.bonus || !issuableKind(bonus.kind)) {
    throw ApiError.of(ErrorCode.conflict, 'This reward cannot be issued now.');
  }
  const own = reward.amounts[run.currency] ?? bonus.amounts[run.currency];
  await issuePlayerBonus(tx, deps.bonus, {
    playerId: run.playerId,
    bonus,
    currency: run.currency,
    amount: own === undefined ? 0n : BigInt(own),
    issueKey: key,
    // A uuid column: the player quest's id names the cause (the key above names the reward).
    issueSessionId: run.id,
  });
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
    });
  }
}
