import type { WithdrawalReview, WithdrawalReviewStatus } from '@croupier/contracts';
import { useMemo, useState } from 'react';
import { LiveCountHeader } from '../features/dashboard/live-count-header.tsx';
import { useLiveCount } from '../features/dashboard/use-live-count.ts';
import { type WithdrawalDecision, WithdrawalDecisionDialog } from '../features/withdrawals/decision-dialog.tsx';
import { withdrawalsKey } from '../features/withdrawals/keys.ts';
import { api } from '../lib/api.ts';
import { approvalsText, approvedBy } from '../lib/approvals.ts';
import { formatAmount, formatCount, formatTime, keyLabel, shortId } from '../lib/format.ts';
import { useMe } from '../lib/session.ts';
import { KYC_STATUSES, statusParam, WITHDRAWAL_STATUSES } from '../lib/statuses.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { Decided } from '../ui/decided.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted } from '../ui/permitted.tsx';
import { PlayerLink } from '../ui/player-link.tsx';
import { QueueFilters } from '../ui/queue-filters.tsx';
import { RiskFlagBadges } from '../ui/risk-flags.tsx';
import { StaffName } from '../ui/staff-name.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

export const meta = () => [{ title: 'Withdrawals · Croupier back office' }];

const STATUSES: readonly WithdrawalReviewStatus[] = ['review', 'approved', 'rejected', 'paid', 'failed'];
const OPTIONS = STATUSES.map((value) => ({ value, label: WITHDRAWAL_STATUSES[value]!.label }));

export default function Withdrawals() {
  return (
    <Permitted permission="withdrawals:review">
      <WithdrawalQueue />
    </Permitted>
  );
}

const col = columnHelper<WithdrawalReview>();

/**
 * The withdrawals queue (backoffice-api.md §6, decision 0115): by review status, newest first, paged by the
 * server. The count waiting follows the staff channel; when it moves, the page is read again.
 */
function WithdrawalQueue() {
  const me = useMe();
  const { params, page, perPage } = useUrlState();
  const status = statusParam(STATUSES, params.get('status'), 'review');
  const playerId = textOf(params, 'playerId');
  const [decision, setDecision] = useState<WithdrawalDecision | null>(null);
  const list = usePagedList(withdrawalsKey, { status, playerId, page, perPage }, (query) =>
    api.withdrawals.list({ query }),
  );

  // The live count: a push re-reads the tiles; a change of the count re-reads the queue (not the first value).
  const { live, count: waiting } = useLiveCount('withdrawalsWaiting', withdrawalsKey);

  const columns = useMemo(
    () => [
      col.accessor('playerId', {
        header: 'Player',
        cell: (info) => <PlayerLink id={info.getValue()} email={info.row.original.email} />,
      }),
      col.accessor('amount', {
        header: 'Amount',
        cell: (info) => <span className="amount">{formatAmount(info.getValue(), info.row.original.currency)}</span>,
      }),
      col.accessor('baseAmount', {
        header: 'Base amount',
        cell: (info) => (
          <span className="amount muted">{formatAmount(info.getValue(), info.row.original.baseCurrency)}</span>
        ),
      }),
      col.accessor('method', { header: 'Method', cell: (info) => keyLabel(info.getValue()) }),
      col.accessor('createdAt', { header: 'Asked (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.accessor('kycStatus', {
        header: 'KYC',
        cell: (info) => <StatusBadge table={KYC_STATUSES} status={info.getValue()} />,
      }),
      col.accessor('riskFlags', { header: 'Risk flags', cell: (info) => <RiskFlagBadges flags={info.getValue()} /> }),
      col.display({
        id: 'approvals',
        header: 'Approvals',
        cell: (info) => {
          const w = info.row.original;
          return (
            <span data-testid="approvals" className={w.fourEyes ? 'approvals approvals--four-eyes' : 'approvals'}>
              {approvalsText(w)}
              {w.fourEyes && <span className="muted"> · four-eyes</span>}
            </span>
          );
        },
      }),
      col.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge table={WITHDRAWAL_STATUSES} status={info.getValue()} />,
      }),
      col.display({
        id: 'decided',
        header: 'Decided',
        cell: (info) => {
          const w = info.row.original;
          if (!w.decidedAt) return '—';
          return <Decided who={<StaffName id={w.decidedBy} />} at={w.decidedAt} reason={w.reason} />;
        },
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const w = info.row.original;
          if (w.status !== 'review') return null;
          const mine = approvedBy(w, me?.id);
          const who = w.email ?? shortId(w.playerId);
          return (
            <span className="row-actions">
              <button
                type="button"
                className="button button--small button--primary"
                onClick={() => setDecision({ withdrawal: w, verb: 'approve' })}
                aria-label={`Approve ${formatAmount(w.amount, w.currency)} for ${who}`}
                aria-describedby={mine ? `mine-${w.invoiceId}` : undefined}
              >
                Approve
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => setDecision({ withdrawal: w, verb: 'reject' })}
                aria-label={`Reject ${formatAmount(w.amount, w.currency)} for ${who}`}
              >
                Reject
              </button>
              {mine && (
                <span className="muted" id={`mine-${w.invoiceId}`}>
                  You approved: another person must give the second.
                </span>
              )}
            </span>
          );
        },
      }),
    ],
    [me?.id],
  );

  const label = WITHDRAWAL_STATUSES[status]!.label;
  return (
    <>
      <LiveCountHeader title="Withdrawals" testId="withdrawals-waiting" live={live}>
        {waiting === undefined ? '' : `${formatCount(waiting)} waiting for review`}
      </LiveCountHeader>
      <QueueFilters options={OPTIONS} value={status} fallback="review" />
      <PagedTable
        caption={`Withdrawals ${label.toLowerCase()}, newest first`}
        columns={columns}
        list={list}
        rowId={(row) => row.invoiceId}
        empty={status === 'review' ? 'Nothing waits for review.' : `No withdrawal ${label.toLowerCase()}.`}
      />
      <WithdrawalDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
