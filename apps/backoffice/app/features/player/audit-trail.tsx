import { useUrlState } from '../../lib/use-url-state.ts';
import { AuditTable } from '../audit/audit-table.tsx';

/** The player's own audit trail: who looked at or changed them, and when (GET /audit?playerId=). */
export function AuditTrail({ playerId }: { playerId: string }) {
  const { page, perPage, setPage } = useUrlState(50);
  return <AuditTable filters={{ playerId }} page={page} perPage={perPage} onPage={setPage} />;
}
