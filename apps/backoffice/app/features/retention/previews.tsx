import type { LoyaltyLevel, Quest, Tournament, Wheel } from '@croupier/contracts';
import { formatTime } from '../../lib/format.ts';

// What players will see, drawn from the player API's own shapes (the server's preview answers them through
// the module's present.ts): the editor never guesses how the site shows an object.

const TASK_TYPES: Record<number, string> = { 2: 'Profile', 3: 'Win', 4: 'Bet', 6: 'Deposit' };
const REWARD_TYPES: Record<number, string> = { 1: 'Money', 2: 'Bonus', 3: 'Free spins' };
const PRIZE_TYPES: Record<number, string> = { 1: 'Cash', 2: 'Bonus money', 3: 'Bonus' };
const TOURNAMENT_STATES: Record<number, string> = {
  1: 'draft',
  2: 'upcoming',
  3: 'running',
  4: 'finished',
  5: 'cancelled',
};

export function QuestPreview({ quest }: { quest: Quest }) {
  return (
    <article className="panel" aria-label="Player's view of the quest" data-testid="quest-preview">
      <h3>{quest.name}</h3>
      {quest.description && <p>{quest.description}</p>}
      <ol>
        {quest.tasks.map((task) => (
          <li key={task.id}>
            <strong>{task.name}</strong> ({TASK_TYPES[task.type] ?? task.type}) — {task.progress} / {task.quantity}
            {task.description && <span className="muted"> · {task.description}</span>}
          </li>
        ))}
      </ol>
      <p>
        Reward:{' '}
        {quest.rewards
          .map(
            (r) =>
              `${REWARD_TYPES[r.type] ?? r.type} ${r.amount} ${r.attributes.isoCode}${r.attributes.lockBalance ? ' (bonus balance)' : ''}`,
          )
          .join(', ') || 'none in this currency'}
      </p>
      <p className="muted">
        {quest.endAt ? `Offered until ${formatTime(quest.endAt)} UTC` : 'Offered with no end date'}
      </p>
    </article>
  );
}

export function TournamentPreview({ tournament }: { tournament: Tournament }) {
  return (
    <article className="panel" aria-label="Player's view of the tournament" data-testid="tournament-preview">
      <h3>{tournament.title}</h3>
      <p>
        {TOURNAMENT_STATES[tournament.state] ?? tournament.state} · {formatTime(tournament.startAt)} –{' '}
        {formatTime(tournament.endAt)} UTC · {tournament.type === 1 ? 'points by stake' : 'points by win multiplier'}
      </p>
      <ol>
        {(tournament.prizes ?? []).map((p) => (
          <li key={p.place}>
            Place {p.place}: {p.title} <span className="muted">({PRIZE_TYPES[p.type] ?? p.type})</span>
          </li>
        ))}
      </ol>
    </article>
  );
}

export function WheelPreview({ wheel }: { wheel: Wheel }) {
  return (
    <article className="panel" aria-label="Player's view of the wheel" data-testid="wheel-preview">
      <h3>{wheel.title}</h3>
      <ul>
        {wheel.items.map((item) => (
          <li key={item.id}>
            {item.title} — {item.dropRate} %
          </li>
        ))}
      </ul>
    </article>
  );
}

export function LoyaltyPreview({ levels }: { levels: LoyaltyLevel[] }) {
  return (
    <article className="panel" aria-label="Player's view of the levels" data-testid="loyalty-preview">
      <ol>
        {levels.map((l) => (
          <li key={l.id}>
            {l.name} — from {l.points} points
          </li>
        ))}
      </ol>
    </article>
  );
}
