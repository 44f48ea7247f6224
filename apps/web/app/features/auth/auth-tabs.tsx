import { useId, useRef } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import type { AuthTab } from './registration.ts';

interface Props {
  tabs: readonly AuthTab[];
  active: AuthTab;
  onChange: (tab: AuthTab) => void;
  /** Id prefix the tab panel uses for aria-labelledby. */
  idPrefix?: string;
}

/** E-mail / phone switch as an ARIA tablist: arrow keys move between tabs. Hidden with a single tab. */
export function AuthTabs({ tabs, active, onChange, idPrefix }: Props) {
  const t = useT();
  const own = useId();
  const prefix = idPrefix ?? own;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (tabs.length < 2) return null;
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onChange(tabs[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div className="segmented" role="tablist" aria-label={t('global-components.auth.method')}>
      {tabs.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`${prefix}-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === active}
          tabIndex={tab === active ? 0 : -1}
          className="segmented__tab"
          onClick={() => onChange(tab)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t(tab === 'email' ? 'global-components.auth.tabEmail' : 'global-components.auth.tabPhone')}
        </button>
      ))}
    </div>
  );
}
