import type { KycDocument, KycDocumentStatus } from '@croupier/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { formatTime, shortId } from '../../lib/format.ts';
import { DOCUMENT_STATUSES, KYC_STATUSES, statusParam } from '../../lib/statuses.ts';
import { textOf } from '../../lib/url-state.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { Decided } from '../../ui/decided.tsx';
import { DocumentViewer } from '../../ui/document-viewer.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { PlayerLink } from '../../ui/player-link.tsx';
import { QueueFilters } from '../../ui/queue-filters.tsx';
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
  const { params, page, perPage, set } = useUrlState();
  const status = statusParam(STATUSES, params.get('status'), 'pending');
  const playerId = textOf(params, 'playerId');
  const openId = textOf(params, 'document');
  const list = usePagedList(kycDocumentsKey, { status, playerId, page, perPage }, (query) =>
    api.kyc.documents({ query }),
  );
  const open = openId ? list.data?.data.find((d) => d.id === openId) : undefined;

  const columns = useMemo(
    () => [
      col.accessor((d) => d.player.id, {
        id: 'player',
        header: 'Player',
        cell: (info) => <PlayerLink id={info.getValue()} email={info.row.original.player.email} />,
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
            <Decided who={<StaffName id={d.reviewedBy} />} at={d.reviewedAt} reason={d.rejectReason}>
              {d.requestedType && <span> · asked for {documentTypeName(d.requestedType)}</span>}
            </Decided>
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
      <QueueFilters options={OPTIONS} value={status} fallback="pending" clears={['document']} />
      <PagedTable
        caption={`Documents ${label}, ${status === 'pending' ? 'oldest' : 'newest'} first`}
        columns={columns}
        list={list}
        rowId={(row) => row.id}
        empty={status === 'pending' ? 'No document waits for review.' : `No document ${label}.`}
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
