import type { KeyboardEvent } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { HOME_BOARDS } from './board-rows.ts';

export const tabId = (i: number) => `activity-tab-${HOME_BOARDS[i]!.id}`;
export const panelId = (i: number) => `activity-panel-${HOME_BOARDS[i]!.id}`;

/** The boards' tab list (WAI-ARIA tabs: arrows, Home and End move and select; one tab stop). */
export function BoardTabs({ active, onSelect }: { active: number; onSelect: (i: number) => void }) {
  const { t } = useI18n();
  const count = HOME_BOARDS.length;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowRight'
        ? (active + 1) % count
        : event.key === 'ArrowLeft'
          ? (active - 1 + count) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div
      role="tablist"
      className="activity__tabs"
      aria-label={t('global-components.activity.title')}
      onKeyDown={onKeyDown}
    >
      {HOME_BOARDS.map((board, i) => (
        <button
          key={board.id}
          id={tabId(i)}
          type="button"
          role="tab"
          className="activity__tab"
          aria-selected={i === active}
          aria-controls={panelId(i)}
          tabIndex={i === active ? 0 : -1}
          onClick={() => onSelect(i)}
        >
          {t(`global-components.activity.${board.titleKey}`)}
        </button>
      ))}
    </div>
  );
}
