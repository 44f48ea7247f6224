import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {intro && <p className="page-header__intro">{intro}</p>}
      {children}
    </div>
  );
}

/** What a page shows when it has nothing yet: an honest sentence and, where useful, the next step. */
export function EmptyState({ icon, text, action }: { icon: IconName; text: string; action?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <Icon name={icon} size={36} />
      </span>
      <p>{text}</p>
      {action}
    </div>
  );
}

/** Placeholder blocks with the shape of content that is on its way. */
export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        // static placeholders
        <span key={i} className="skeleton__line" style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}
