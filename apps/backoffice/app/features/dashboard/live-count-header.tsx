import type { ComponentProps } from 'react';
import { LiveStatus } from './live-status.tsx';

/**
 * A queue's heading with its live count (decision 0115): the figure is read out politely when it moves, and
 * the socket's state stands beside it.
 */
export function LiveCountHeader({
  title,
  testId,
  live,
  children,
}: {
  title: string;
  testId: string;
  live: ComponentProps<typeof LiveStatus>['state'];
  children: string;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        <p className="page-header__meta" aria-live="polite" data-testid={testId}>
          {children}
        </p>
      </div>
      <div className="page-header__status">
        <LiveStatus state={live} />
      </div>
    </header>
  );
}
