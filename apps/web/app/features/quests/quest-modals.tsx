import { type Quest, QuestState, QuestTaskType } from '@croupier/contracts';
import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { activateQuest, cancelQuest } from './quest-actions.ts';
import { K, ProgressBar, QuestSkeleton, RewardLine, TaskLine, tasksDone } from './quest-parts.tsx';
import { type QuestList, questById, useQuests } from './quests-store.ts';
import './quests.css';

// The quest modals of spec §2: quests-hub (every list), quest-tasks and quest-rewards (one quest, its id in
// the query value), quest-task-games (`questId:taskId`: the games a task counts).

const LISTS: QuestList[] = ['available', 'active', 'completed', 'expired'];

/** Runs a command with a busy flag; a refusal shows the generic alert. */
function useCommand() {
  const { t } = useI18n();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await fn();
    } catch {
      toasts.show({ type: 'error', title: t(`${K}.failed`) });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function QuestCard({ quest }: { quest: Quest }) {
  const { t } = useI18n();
  const modals = useModals();
  const { busy, run } = useCommand();
  const start = async () => {
    const started = await run(() => activateQuest(quest.id));
    if (started) modals.open('quest-tasks', started.id);
  };
  return (
    <li className="quest-card" data-testid="quest-card" data-quest={quest.identity}>
      <h3 className="quest-card__title">{quest.name}</h3>
      {quest.description && <p className="quest-card__text">{quest.description}</p>}
      {quest.state !== QuestState.available && (
        <ProgressBar done={tasksDone(quest)} total={quest.tasks.length} label={t(`${K}.questProgress`)} />
      )}
      <div className="quest-card__actions">
        {quest.state === QuestState.available && (
          <button type="button" className="button button--primary" disabled={busy} onClick={start}>
            {t(`${K}.start`)}
          </button>
        )}
        {quest.state === QuestState.completed && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => run(() => activateQuest(quest.id))}
          >
            {t(`${K}.claim`)}
          </button>
        )}
        {quest.state === QuestState.claimed && (
          <span className="quest-badge quest-badge--done">{t(`${K}.claimed`)}</span>
        )}
        {quest.state >= QuestState.expired && (
          <span className="quest-badge">
            {t(quest.state === QuestState.expired ? `${K}.expired` : `${K}.cancelled`)}
          </span>
        )}
        {quest.state !== QuestState.available && (
          <button type="button" className="button" onClick={() => modals.open('quest-tasks', quest.id)}>
            {t(`${K}.tasks`)}
          </button>
        )}
        <button type="button" className="button" onClick={() => modals.open('quest-rewards', quest.id)}>
          {t(`${K}.rewards`)}
        </button>
        {quest.state === QuestState.active && (
          <button type="button" className="button" disabled={busy} onClick={() => run(() => cancelQuest(quest.id))}>
            {t(`${K}.cancel`)}
          </button>
        )}
      </div>
    </li>
  );
}

/** quests-hub: the quests to start, the active ones, the completed and the expired ones. */
export function QuestsHubModal({ titleId }: ModalProps) {
  const { t } = useI18n();
  const { status, lists } = useQuests();
  // Until the player picks a tab: the active quests, or the ones to start when none is active.
  const [picked, setTab] = useState<QuestList | null>(null);
  const tab = picked ?? (lists.active.length > 0 ? 'active' : 'available');
  const shown = lists[tab];
  return (
    <div className="quests-hub" data-testid="quests-hub">
      <h2 id={titleId}>{t(`${K}.title`)}</h2>
      <div className="tabs" role="tablist" aria-label={t(`${K}.title`)}>
        {LISTS.map((list) => (
          <button
            key={list}
            type="button"
            role="tab"
            aria-selected={tab === list}
            className={`tabs__tab${tab === list ? ' active' : ''}`}
            onClick={() => setTab(list)}
          >
            {t(`${K}.tab.${list}`)} ({lists[list].length})
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`${K}.tab.${tab}`)}>
        {status !== 'ready' && status !== 'failed' ? (
          <QuestSkeleton />
        ) : status === 'failed' ? (
          <p>{t(`${K}.failed`)}</p>
        ) : shown.length === 0 ? (
          <p className="quests-empty">{t(`${K}.empty.${tab}`)}</p>
        ) : (
          <ul className="quest-list">
            {shown.map((q) => (
              <QuestCard key={q.id} quest={q} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The quest named by the query value, once the lists are there. */
function useQuest(id: string): { quest: Quest | undefined; loading: boolean } {
  const { status } = useQuests();
  return { quest: questById(id), loading: status === 'idle' || status === 'loading' };
}

function Missing({ titleId }: { titleId: string }) {
  const { t } = useI18n();
  return <h2 id={titleId}>{t(`${K}.notFound`)}</h2>;
}

/** quest-tasks: one quest's tasks with their progress; claims the reward once every task is done. */
export function QuestTasksModal({ type, titleId }: ModalProps) {
  const { t } = useI18n();
  const modals = useModals();
  const { busy, run } = useCommand();
  const { quest, loading } = useQuest(type);
  if (!quest) return loading ? <QuestSkeleton /> : <Missing titleId={titleId} />;
  return (
    <div className="quest-tasks" data-testid="quest-tasks">
      <h2 id={titleId}>{quest.name}</h2>
      <p className="quest-card__text">{t(quest.taskExecutionOrder === 2 ? `${K}.orderSequential` : `${K}.orderAny`)}</p>
      <ul className="quest-list">
        {quest.tasks.map((task) => (
          <li key={task.id}>
            <TaskLine task={task} />
            {(task.type === QuestTaskType.bet || task.type === QuestTaskType.win) && (
              <button
                type="button"
                className="button"
                onClick={() => modals.open('quest-task-games', `${quest.id}:${task.id}`)}
              >
                {t(`${K}.games`)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {quest.state === QuestState.completed && (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={busy}
          onClick={() => run(() => activateQuest(quest.id))}
        >
          {t(`${K}.claim`)}
        </button>
      )}
      {quest.state === QuestState.claimed && <p className="quest-badge quest-badge--done">{t(`${K}.claimed`)}</p>}
      <button type="button" className="button button--block" onClick={() => modals.open('quests-hub')}>
        {t(`${K}.backToHub`)}
      </button>
    </div>
  );
}

/** quest-rewards: what a quest pays, real money and bonus money apart. */
export function QuestRewardsModal({ type, titleId, close }: ModalProps) {
  const { t } = useI18n();
  const { quest, loading } = useQuest(type);
  if (!quest) return loading ? <QuestSkeleton /> : <Missing titleId={titleId} />;
  return (
    <div className="quest-rewards" data-testid="quest-rewards">
      <h2 id={titleId}>{t(`${K}.rewardsTitle`, { name: quest.name })}</h2>
      {quest.rewards.length === 0 ? (
        <p>{t(`${K}.noRewards`)}</p>
      ) : (
        <ul className="quest-rewards__list">
          {quest.rewards.map((r, i) => (
            <li key={`${r.type}-${i}`}>
              <RewardLine reward={r} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t(`${K}.close`)}
      </button>
    </div>
  );
}

/** quest-task-games: the games a bet or win task counts, or any game when it names none. */
export function QuestTaskGamesModal({ type, titleId, close }: ModalProps) {
  const { t } = useI18n();
  const [questId = '', taskId = ''] = type.split(':');
  const { quest, loading } = useQuest(questId);
  const task = quest?.tasks.find((x) => x.id === taskId);
  if (!task) return loading ? <QuestSkeleton /> : <Missing titleId={titleId} />;
  const games = Array.isArray(task.conditions.games) ? (task.conditions.games as string[]) : [];
  return (
    <div className="quest-task-games" data-testid="quest-task-games">
      <h2 id={titleId}>{t(`${K}.gamesTitle`, { name: task.name })}</h2>
      {games.length === 0 ? (
        <p>
          {t(`${K}.anyGame`)}{' '}
          <LocalLink to="/main" onClick={close}>
            {t(`${K}.toLobby`)}
          </LocalLink>
        </p>
      ) : (
        <ul className="quest-rewards__list">
          {games.map((g) => (
            <li key={g}>
              <LocalLink to={`/games/${g}`} onClick={close}>
                {g}
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
