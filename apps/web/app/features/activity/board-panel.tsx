import type { ReactNode } from 'react';
import { panelId, tabId } from './board-tabs.tsx';

/** A tab panel: every board stays mounted (and subscribed); only the selected one is shown. */
export function BoardPanel({ index, active, children }: { index: number; active: boolean; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={panelId(index)}
      aria-labelledby={tabId(index)}
      hidden={!active}
      className="activity__panel"
    >
      {children}
    </div>
  );
}
