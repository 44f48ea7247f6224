import type { KycDocument, KycDocumentStatus } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatTime, shortId } from '../../lib/format.ts';
import { DOCUMENT_STATUSES, KYC_STATUSES, statusParam } from '../../lib/statuses.ts';
import { textOf } from '../../lib/url-state.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { DocumentViewer } from '../../ui/document-viewer.tsx';
import { PlayerFilter } from '../../ui/player-filter.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { SidePanel } from '../../ui/side-panel.tsx';
import { StaffName } from '../../ui/staff-name.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { DocumentDecision } from './document-decision.tsx';
import { documentTypeName, fileSize } from './document-types.ts';
import { kycDocumentsKey } from './keys.ts';

const STATUSES: readonly KycDocumentStatus[] = ['pending', 'approved', 'rejected'];
const OPTIONS = STATUSES.map((value) => ({ value, label: DOCUMENT_STATUSES[value]!.label }));

const col = columnHelper<KycDocument>();

/**
 * The KYC documents queue (backoffice-api.md §6, decision 0115): pending oldest first, decided newest first,
 * paged by the server. A row opens its document (`?document=<id>` in the address) beside its decision.
 */
export function DocumentsQueue() {
  const { params, page, perPage, set, setPage } = useUrlState();
  const status = statusParam(STATUSES, params.get('status'), 'pending');
  const playerId = textOf(params, 'playerId');
  const openId = textOf(params, 'document');
  const list = useQuery({
    queryKey: [...kycDocumentsKey, { status, playerId, page, perPage }],
    queryFn: () => api.kyc.documents({ query: { status, playerId, page, perPage } }),
    placeholderData: keepPreviousData,
  });
  const open = openId ? list.data?.data.find((d) => d.id === openId) : undefined;

  const columns = useMemo(
    () => [
      col.accessor((d) => d.player.id, {
        id: 'player',
        header: 'Player',
        cell: (info) => (
          <Link to={`/players/${info.getValue()}`} title={info.getValue()}>
            {info.row.original.player.email ?? shortId(info.getValue())}
          </Link>
        ),
      }),
      col.accessor('type', { header: 'Document', cell: (info) => documentTypeName(info.getValue()) }),
      col.accessor('fileName', {
        header: 'File',
        cell: (info) => (
          <span className="file">
            <span className="truncate" title={info.getValue()}>
              {info.getValue()}
            </span>{' '}
            <span className="muted">{fileSize(info.row.original.sizeBytes)}</span>
          </span>
        ),
      }),
      col.accessor('uploadedAt', { header: 'Uploaded (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge table={DOCUMENT_STATUSES} status={info.getValue()} />,
      }),
      col.accessor('verificationStatus', {
        header: 'Player KYC',
        cell: (info) => <StatusBadge table={KYC_STATUSES} status={info.getValue()} />,
      }),
      col.display({
        id: 'decided',
        header: 'Decided',
        cell: (info) => {
          const d = info.row.original;
          if (!d.reviewedAt) return '—';
          return (
            <span className="decided">
              <StaffName id={d.reviewedBy} /> <span className="muted">{formatTime(d.reviewedAt)}</span>
              {d.requestedType && <span> · asked for {documentTypeName(d.requestedType)}</span>}
              {d.rejectReason && (
                <span className="decided__reason" title={d.rejectReason}>
                  “{d.rejectReason}”
                </span>
              )}
            </span>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const d = info.row.original;
          return (
            <button
              type="button"
              className={`button button--small${d.status === 'pending' ? ' button--primary' : ''}`}
              onClick={() => set({ document: d.id }, false)}
              aria-label={`${d.status === 'pending' ? 'Review' : 'View'} ${documentTypeName(d.type)} of ${d.player.email ?? shortId(d.player.id)}`}
              data-testid="kyc-open"
            >
              {d.status === 'pending' ? 'Review' : 'View'}
            </button>
          );
        },
      }),
    ],
    [set],
  );

  const label = DOCUMENT_STATUSES[status]!.label.toLowerCase();
  // Closing the panel keeps the page: `document` is not a filter.
  const close = () => set({ document: null, page: page === 1 ? null : page });
  return (
    <>
      <div className="filters">
        <Segmented
          legend="Status"
          options={OPTIONS}
          value={status}
          onChange={(s) => set({ status: s === 'pending' ? null : s, document: null })}
        />
        <PlayerFilter playerId={playerId} onClear={() => set({ playerId: null })} />
      </div>
      <DataTable
        caption={`Documents ${label}, ${status === 'pending' ? 'oldest' : 'newest'} first`}
        columns={columns}
        rows={list.data?.data}
        rowId={(row) => row.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty={status === 'pending' ? 'No document waits for review.' : `No document ${label}.`}
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
      <SidePanel
        open={open !== undefined}
        onOpenChange={(next) => !next && close()}
        title={open ? documentTypeName(open.type) : 'Document'}
        description={
          open ? (
            <>
              Uploaded {formatTime(open.uploadedAt)} UTC by{' '}
              <Link to={`/players/${open.player.id}`}>{open.player.email ?? shortId(open.player.id)}</Link> ·{' '}
              <StatusBadge table={DOCUMENT_STATUSES} status={open.status} />
            </>
          ) : (
            ''
          )
        }
      >
        {open && (
          <>
            <DocumentViewer
              url={open.fileUrl}
              mimeType={open.contentType}
              fileName={open.fileName}
              title={`${documentTypeName(open.type)}: ${open.fileName}`}
            />
            {open.status === 'pending' ? (
              <DocumentDecision document={open} onDone={close} />
            ) : (
              open.rejectReason && <p>The player reads: “{open.rejectReason}”</p>
            )}
          </>
        )}
      </SidePanel>
    </>
  );
}
