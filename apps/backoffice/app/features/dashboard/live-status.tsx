import type { LiveState } from './live-client.ts';

const LABELS: Record<LiveState, { text: string; tone: 'ok' | 'warn' }> = {
  live: { text: 'Live', tone: 'ok' },
  connecting: { text: 'Connecting…', tone: 'warn' },
  reconnecting: { text: 'Reconnecting…', tone: 'warn' },
  offline: { text: 'Not live: refreshed every 15 s', tone: 'warn' },
};

/** Whether the tiles follow pushes, announced politely when it changes (a dropped socket, its return). */
export function LiveStatus({ state }: { state: LiveState }) {
  const { text, tone } = LABELS[state];
  return (
    <p className="page-header__meta" aria-live="polite" data-testid="live-status" data-state={state}>
      <span className={`badge badge--${tone}`}>{text}</span>
    </p>
  );
}
