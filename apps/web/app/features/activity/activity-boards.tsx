import { lazy, Suspense, useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { BoardPanel } from './board-panel.tsx';
import { HOME_BOARDS } from './board-rows.ts';
import { BoardTable } from './board-table.tsx';
import { BoardTabs } from './board-tabs.tsx';
import './activity.css';

const LivePanels = lazy(() => import('./live-panels.tsx'));

/** Runs `fn` when the browser is idle (after hydration), or soon where requestIdleCallback is missing. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(fn, 200);
  return () => window.clearTimeout(timer);
}

function SkeletonPanels({ active }: { active: number }) {
  const { t } = useI18n();
  return (
    <>
      {HOME_BOARDS.map((board, i) => (
        <BoardPanel key={board.id} index={i} active={i === active}>
          <BoardTable caption={t(`global-components.activity.${board.titleKey}`)} rows={[]} loaded={false} />
        </BoardPanel>
      ))}
    </>
  );
}

/**
 * The home page's activity boards (big wins, latest bets; decision 0072): the server renders the tabs and
 * skeleton tables; once the page is hydrated and idle, the live part is loaded, subscribes to each board's
 * channel and fills it from the channel history.
 */
export function ActivityBoards() {
  const { t } = useI18n();
  const [active, setActive] = useState(0);
  const [live, setLive] = useState(false);
  useEffect(() => whenIdle(() => setLive(true)), []);
  return (
    <section className="activity" aria-labelledby="activity-title" data-live={live || undefined}>
      <div className="activity__head">
        <h2 id="activity-title" className="activity__title">
          <span className="activity__pulse" aria-hidden="true" />
          {t('global-components.activity.title')}
        </h2>
        <BoardTabs active={active} onSelect={setActive} />
      </div>
      {live ? (
        <Suspense fallback={<SkeletonPanels active={active} />}>
          <LivePanels active={active} />
        </Suspense>
      ) : (
        <SkeletonPanels active={active} />
      )}
    </section>
  );
}
