import { lookOf, type StatusTable } from '../lib/statuses.ts';

/** A status as a coloured badge with words (colour is never the only signal): one table per queue (lib/statuses.ts). */
export function StatusBadge({ table, status }: { table: StatusTable; status: string | null | undefined }) {
  const look = lookOf(table, status);
  return (
    <span className={`badge badge--${look.tone}`} data-status={status ?? undefined}>
      {look.label}
    </span>
  );
}
