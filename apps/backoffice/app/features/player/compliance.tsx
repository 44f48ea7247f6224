import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatDay, formatTime } from '../../lib/format.ts';
import { DOCUMENT_STATUSES, FLAG_STATUSES } from '../../lib/statuses.ts';
import { useAllows } from '../../ui/permitted.tsx';
import { SeverityBadge } from '../../ui/severity-badge.tsx';
import { SimpleTable } from '../../ui/simple-table.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StaffName } from '../../ui/staff-name.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { InteractionForm } from '../flags/interaction-form.tsx';
import { flagsKey, interactionsKey } from '../flags/keys.ts';
import { actionLabel, flagKindLabel } from '../flags/words.ts';
import { documentTypeName } from '../kyc/document-types.ts';
import { kycDocumentsKey } from '../kyc/keys.ts';

/**
 * The player's compliance in one tab (decision 0115): their flags and interactions (flags:review), with an
 * interaction to record, and their KYC documents as the queue has them (kyc:review), each linking to its queue.
 */
export function Compliance({ playerId }: { playerId: string }) {
  const allows = useAllows();
  return (
    <div className="overview">
      {allows('flags:review') && <PlayerFlags playerId={playerId} />}
      {allows('flags:review') && <PlayerInteractions playerId={playerId} />}
      {allows('kyc:review') && <PlayerDocuments playerId={playerId} />}
    </div>
  );
}

function PlayerFlags({ playerId }: { playerId: string }) {
  const flags = useQuery({
    queryKey: [...flagsKey, { playerId, page: 1, perPage: 50 }],
    queryFn: () => api.flags.list({ query: { playerId, page: 1, perPage: 50 } }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="panel" aria-labelledby="cmp-flags">
      <h2 id="cmp-flags">Flags</h2>
      {flags.isPending ? (
        <Skeleton lines={3} label="Loading the flags" />
      ) : flags.error ? (
        <p className="form-message">{problemOf(flags.error).message}</p>
      ) : (
        <SimpleTable
          caption="The player's flags, by severity"
          headers={['Severity', 'List', 'Kind', 'What was seen', 'Last seen (UTC)', 'Status']}
          empty="No flag."
          rows={flags.data.data.map((f) => ({
            key: f.id,
            cells: [
              <SeverityBadge key="s" severity={f.severity} />,
              f.list.toUpperCase(),
              <Link key="k" to={`/flags?list=${f.list}&status=all&playerId=${playerId}&flag=${f.id}`}>
                {flagKindLabel(f.kind)}
              </Link>,
              f.detail,
              formatTime(f.lastSeenAt),
              <StatusBadge key="st" table={FLAG_STATUSES} status={f.status} />,
            ],
          }))}
        />
      )}
    </section>
  );
}

function PlayerInteractions({ playerId }: { playerId: string }) {
  const [recording, setRecording] = useState(false);
  const list = useQuery({
    queryKey: [...interactionsKey, { playerId, page: 1, perPage: 50 }],
    queryFn: () => api.flags.interactions({ query: { playerId, page: 1, perPage: 50 } }),
  });
  return (
    <section className="panel" aria-labelledby="cmp-interactions">
      <h2 id="cmp-interactions">Interactions</h2>
      {list.isPending ? (
        <Skeleton lines={3} label="Loading the interactions" />
      ) : (
        <SimpleTable
          caption="The player's interactions, newest first"
          headers={['Recorded (UTC)', 'By', 'Action', 'Seen', 'Follow-up', 'Outcome']}
          empty="No interaction recorded."
          rows={(list.data?.data ?? []).map((i) => ({
            key: i.id,
            cells: [
              formatTime(i.createdAt),
              <StaffName key="b" id={i.createdBy} />,
              actionLabel(i.action),
              i.observed,
              formatDay(i.followUpAt),
              i.outcome?.text ?? '—',
            ],
          }))}
        />
      )}
      <p>
        <Link to={`/interactions?playerId=${playerId}`}>Open in the interaction log</Link>
      </p>
      {recording ? (
        <InteractionForm playerId={playerId} onDone={() => setRecording(false)} onCancel={() => setRecording(false)} />
      ) : (
        <button type="button" className="button" onClick={() => setRecording(true)}>
          Record an interaction…
        </button>
      )}
    </section>
  );
}

function PlayerDocuments({ playerId }: { playerId: string }) {
  const docs = useQuery({
    queryKey: [...kycDocumentsKey, { playerId, page: 1, perPage: 50 }],
    queryFn: () => api.kyc.documents({ query: { playerId, page: 1, perPage: 50 } }),
  });
  return (
    <section className="panel" aria-labelledby="cmp-kyc">
      <h2 id="cmp-kyc">KYC documents</h2>
      {docs.isPending ? (
        <Skeleton lines={3} label="Loading the documents" />
      ) : (
        <SimpleTable
          caption="The player's KYC documents"
          headers={['Document', 'Uploaded (UTC)', 'Status', 'Decided by', 'Open']}
          empty="No document uploaded."
          rows={(docs.data?.data ?? []).map((d) => ({
            key: d.id,
            cells: [
              documentTypeName(d.type),
              formatTime(d.uploadedAt),
              <StatusBadge key="s" table={DOCUMENT_STATUSES} status={d.status} />,
              <StaffName key="r" id={d.reviewedBy} />,
              <Link key="o" to={`/kyc?status=${d.status}&playerId=${playerId}&document=${d.id}`}>
                {d.status === 'pending' ? 'Review' : 'View'}
              </Link>,
            ],
          }))}
        />
      )}
    </section>
  );
}
