import type { KycVerification } from '@croupier/contracts';
import { useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatTime, shortId } from '../../lib/format.ts';
import { KYC_STATUSES, statusParam } from '../../lib/statuses.ts';
import { textOf } from '../../lib/url-state.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { Decided } from '../../ui/decided.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { PlayerLink } from '../../ui/player-link.tsx';
import { QueueFilters } from '../../ui/queue-filters.tsx';
import { StaffName } from '../../ui/staff-name.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { kycVerificationsKey } from './keys.ts';
import { type VerificationDecision, VerificationDecisionDialog } from './verification-decision.tsx';
import {
  decidedBy,
  PROVIDER_RESULTS,
  providerName,
  VERIFICATION_FILTER_LABELS,
  VERIFICATION_FILTERS,
  verificationActions,
} from './verification-words.ts';

const OPTIONS = VERIFICATION_FILTERS.map((value) => ({ value, label: VERIFICATION_FILTER_LABELS[value] }));

const col = columnHelper<KycVerification>();

/**
 * Players' identity verifications (decision 0113), newest change first, paged by the server. The default view,
 * "Awaiting confirmation", is the provider results the setting `confirmProviderResults` holds for a person: the
 * player still sees pending until someone confirms or overrules it here. The other statuses let a person set
 * a verification explicitly (the `manual` provider's players, or an earlier decision overruled).
 */
export function VerificationsQueue() {
  const { params, page, perPage } = useUrlState();
  const status = statusParam(VERIFICATION_FILTERS, params.get('status'), 'review');
  const playerId = textOf(params, 'playerId');
  const [decision, setDecision] = useState<VerificationDecision | null>(null);
  const list = usePagedList(kycVerificationsKey, { status, playerId, page, perPage }, (query) =>
    api.kyc.verifications({ query }),
  );

  const columns = useMemo(
    () => [
      col.accessor((v) => v.player.id, {
        id: 'player',
        header: 'Player',
        cell: (info) => <PlayerLink id={info.getValue()} email={info.row.original.player.email} />,
      }),
      col.accessor('provider', { header: 'Verified by', cell: (info) => providerName(info.getValue()) }),
      col.accessor('status', {
        header: 'Player sees',
        cell: (info) => <StatusBadge table={KYC_STATUSES} status={info.getValue()} />,
      }),
      col.accessor('providerResult', {
        header: "Provider's result",
        cell: (info) => {
          const r = info.getValue();
          if (!r) return '—';
          return (
            <Decided
              who={<StatusBadge table={PROVIDER_RESULTS} status={r.status} />}
              at={r.decidedAt}
              reason={r.rejectReason}
            >
              {info.row.original.awaitingConfirmation && <span> · held for a person</span>}
            </Decided>
          );
        },
      }),
      col.display({
        id: 'decided',
        header: 'Decided by',
        cell: (info) => {
          const v = info.row.original;
          const by = decidedBy(v);
          if (!by) return '—';
          return (
            <Decided
              who={'staffId' in by ? <StaffName id={by.staffId} /> : <span>{by.provider}</span>}
              at={v.reviewedAt}
              reason={v.rejectReason}
            />
          );
        },
      }),
      col.accessor('updatedAt', { header: 'Changed (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const v = info.row.original;
          const who = v.player.email ?? shortId(v.player.id);
          return (
            <span className="row-actions">
              {verificationActions(v).map((a) => (
                <button
                  key={a.verb}
                  type="button"
                  className={`button button--small${a.confirms !== false && a.verb === 'approve' ? ' button--primary' : ''}`}
                  onClick={() => setDecision({ verification: v, verb: a.verb })}
                  aria-label={`${a.label} the verification of ${who}${a.confirms === false ? ' (overrules the provider)' : ''}`}
                >
                  {a.label}
                </button>
              ))}
            </span>
          );
        },
      }),
    ],
    [],
  );

  const label = VERIFICATION_FILTER_LABELS[status].toLowerCase();
  return (
    <>
      <QueueFilters options={OPTIONS} value={status} fallback="review" />
      <PagedTable
        caption={`Verifications ${label}, newest change first`}
        columns={columns}
        list={list}
        rowId={(row) => row.player.id}
        empty={status === 'review' ? 'No provider result waits for a person.' : `No verification ${label}.`}
      />
      <VerificationDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
