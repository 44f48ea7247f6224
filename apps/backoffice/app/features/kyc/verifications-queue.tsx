import type { KycVerification } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatTime, shortId } from '../../lib/format.ts';
import { KYC_STATUSES, statusParam } from '../../lib/statuses.ts';
import { textOf } from '../../lib/url-state.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { PlayerFilter } from '../../ui/player-filter.tsx';
import { Segmented } from '../../ui/segmented.tsx';
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
  const { params, page, perPage, set, setPage } = useUrlState();
  const status = statusParam(VERIFICATION_FILTERS, params.get('status'), 'review');
  const playerId = textOf(params, 'playerId');
  const [decision, setDecision] = useState<VerificationDecision | null>(null);
  const list = useQuery({
    queryKey: [...kycVerificationsKey, { status, playerId, page, perPage }],
    queryFn: () => api.kyc.verifications({ query: { status, playerId, page, perPage } }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(
    () => [
      col.accessor((v) => v.player.id, {
        id: 'player',
        header: 'Player',
        cell: (info) => (
          <Link to={`/players/${info.getValue()}`} title={info.getValue()}>
            {info.row.original.player.email ?? shortId(info.getValue())}
          </Link>
        ),
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
            <span className="decided">
              <StatusBadge table={PROVIDER_RESULTS} status={r.status} />{' '}
              <span className="muted">{formatTime(r.decidedAt)}</span>
              {info.row.original.awaitingConfirmation && <span> · held for a person</span>}
              {r.rejectReason && (
                <span className="decided__reason" title={r.rejectReason}>
                  “{r.rejectReason}”
                </span>
              )}
            </span>
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
            <span className="decided">
              {'staffId' in by ? <StaffName id={by.staffId} /> : <span>{by.provider}</span>}{' '}
              <span className="muted">{formatTime(v.reviewedAt)}</span>
              {v.rejectReason && (
                <span className="decided__reason" title={v.rejectReason}>
                  “{v.rejectReason}”
                </span>
              )}
            </span>
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
      <div className="filters">
        <Segmented
          legend="Status"
          options={OPTIONS}
          value={status}
          onChange={(s) => set({ status: s === 'review' ? null : s })}
        />
        <PlayerFilter playerId={playerId} onClear={() => set({ playerId: null })} />
      </div>
      <DataTable
        caption={`Verifications ${label}, newest change first`}
        columns={columns}
        rows={list.data?.data}
        rowId={(row) => row.player.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty={status === 'review' ? 'No provider result waits for a person.' : `No verification ${label}.`}
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
      <VerificationDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
