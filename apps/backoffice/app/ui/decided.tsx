import type { ReactNode } from 'react';
import { formatTime } from '../lib/format.ts';

/**
 * A queue row's decision: who decided, when (UTC), what else it says (`children`), and the reason in quotes,
 * whole on hover since the column cuts it short.
 */
export function Decided({
  who,
  at,
  reason,
  children,
}: {
  who: ReactNode;
  at: string | null | undefined;
  reason?: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <span className="decided">
      {who} <span className="muted">{formatTime(at)}</span>
      {children}
      {reason && (
        <span className="decided__reason" title={reason}>
          “{reason}”
        </span>
      )}
    </span>
  );
}
