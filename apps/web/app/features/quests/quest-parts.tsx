import { type Quest, type QuestReward, QuestRewardType, type QuestTask } from '@croupier/contracts';
import { currencies } from '@croupier/contracts/reference/index';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { formatMoney } from '../../shared/money/money.ts';

// Pieces the quest modals share: a progress bar, a reward line, the skeleton while lists load.

export const K = 'global-components.quests';

export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div className="quest-progress">
      <div
        className="quest-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <span className="quest-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="quest-progress__count" data-testid="quest-progress">
        {done} / {total}
      </span>
    </div>
  );
}

/** Tasks done out of all tasks. */
export const tasksDone = (quest: Quest) => quest.tasks.filter((t) => t.isCompleted).length;

export function RewardLine({ reward }: { reward: QuestReward }) {
  const { t, locale } = useI18n();
  const currency = currencies.find((c) => c.code === reward.attributes.isoCode);
  const amount = currency
    ? formatMoney(reward.amount, currency, locale)
    : `${reward.amount} ${reward.attributes.isoCode}`;
  if (reward.type === QuestRewardType.money) {
    return <>{t(reward.attributes.lockBalance ? `${K}.rewardBonusMoney` : `${K}.rewardRealMoney`, { amount })}</>;
  }
  return <>{t(reward.type === QuestRewardType.freeSpins ? `${K}.rewardFreeSpins` : `${K}.rewardBonus`)}</>;
}

export function TaskLine({ task }: { task: QuestTask }) {
  const { t } = useI18n();
  return (
    <div className={`quest-task${task.isActive ? '' : ' quest-task--locked'}`}>
      <div className="quest-task__head">
        <strong>{task.name}</strong>
        {task.isCompleted && <span className="quest-badge quest-badge--done">{t(`${K}.taskDone`)}</span>}
        {!task.isActive && !task.isCompleted && <span className="quest-badge">{t(`${K}.taskLocked`)}</span>}
      </div>
      {task.description && <p className="quest-task__text">{task.description}</p>}
      <ProgressBar done={task.progress} total={task.quantity} label={t(`${K}.taskProgress`, { name: task.name })} />
    </div>
  );
}

export function QuestSkeleton() {
  return (
    <div className="skeleton" aria-hidden="true" data-testid="quests-skeleton">
      <span className="skeleton__line" />
      <span className="skeleton__line" />
      <span className="skeleton__line" />
    </div>
  );
}
