import { SEVERITIES } from '../lib/statuses.ts';
import { StatusBadge } from './status-badge.tsx';

/** A flag's severity (high, medium, low) with its word; the queues order by it, high first. */
export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <span className="severity" data-severity={severity}>
      <span className="severity__mark" aria-hidden="true" />
      <StatusBadge table={SEVERITIES} status={severity} />
    </span>
  );
}
