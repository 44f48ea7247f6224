import type { Adjustment } from '@croupier/contracts';
import { ErrorCode } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../lib/api.ts';
import { type Problem, problemOf } from '../lib/errors.ts';
import { formatAmount, formatTime, shortId } from '../lib/format.ts';
import { useMe } from '../lib/session.ts';
import { statusParam } from '../lib/statuses.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { FormDialog } from '../ui/dialog.tsx';
import { ReasonField } from '../ui/field.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted, useAllows } from '../ui/permitted.tsx';
import { PlayerLink } from '../ui/player-link.tsx';
import { QueueFilters } from '../ui/queue-filters.tsx';
import { StaffName } from '../ui/staff-name.tsx';
import { useToast } from '../ui/toast.tsx';

export const meta = () => [{ title: 'Adjustments · Croupier back office' }];

const STATUSES = ['pending', 'applied', 'rejected'] as const;
const OPTIONS = STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

export default function Adjustments() {
  return (
    <Permitted permission="adjustments:create">
      <AdjustmentList />
    </Permitted>
  );
}

interface Decision {
  adjustment: Adjustment;
  verb: 'approve' | 'reject';
}

const col = columnHelper<Adjustment>();

/** Adjustments by status, newest first, with approve and reject for a second person (four-eyes, §5). */
function AdjustmentList() {
  const me = useMe();
  const allows = useAllows();
  const { params, page, perPage } = useUrlState();
  const status = statusParam(STATUSES, params.get('status'), 'pending');
  const playerId = textOf(params, 'playerId');
  const [decision, setDecision] = useState<Decision | null>(null);
  const list = usePagedList(['adjustments'], { status, playerId, page, perPage }, (query) =>
    api.adjustments.list({ query }),
  );
  const mayDecide = allows('adjustments:approve');

  const columns = useMemo(
    () => [
      col.accessor('createdAt', { header: 'Asked (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.accessor('playerId', {
        header: 'Player',
        cell: (info) => <PlayerLink id={info.getValue()} />,
      }),
      col.accessor('amount', {
        header: 'Amount',
        cell: (info) => (
          <span className={info.getValue() < 0 ? 'amount amount--debit' : 'amount'}>
            {formatAmount(info.getValue(), info.row.original.currency, true)}
          </span>
        ),
      }),
      col.accessor('reason', { header: 'Reason' }),
      col.accessor('status', { header: 'Status', cell: (info) => <span className="badge">{info.getValue()}</span> }),
      col.accessor('requestedBy', { header: 'Asked by', cell: (info) => <StaffName id={info.getValue()} /> }),
      col.accessor('decidedBy', { header: 'Decided by', cell: (info) => <StaffName id={info.getValue()} /> }),
      col.accessor('decidedAt', { header: 'Decided (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const adjustment = info.row.original;
          if (adjustment.status !== 'pending' || !mayDecide) return null;
          const own = adjustment.requestedBy === me?.id;
          return (
            <span className="row-actions">
              <button
                type="button"
                className="button button--small button--primary"
                onClick={() => setDecision({ adjustment, verb: 'approve' })}
                aria-describedby={own ? `own-${adjustment.id}` : undefined}
              >
                Approve
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => setDecision({ adjustment, verb: 'reject' })}
              >
                Reject
              </button>
              {own && (
                <span className="muted" id={`own-${adjustment.id}`}>
                  Yours: another person must approve.
                </span>
              )}
            </span>
          );
        },
      }),
    ],
    [mayDecide, me?.id],
  );

  return (
    <>
      <header className="page-header">
        <h1>Adjustments</h1>
      </header>
      <QueueFilters options={OPTIONS} value={status} fallback="pending" />
      <PagedTable
        caption={`${status[0]!.toUpperCase()}${status.slice(1)} adjustments, newest first`}
        columns={columns}
        list={list}
        rowId={(row) => row.id}
        empty={`No ${status} adjustment.`}
      />
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, verb, reason }: { id: string; verb: 'approve' | 'reject'; reason: string }) =>
      verb === 'approve'
        ? api.adjustments.approve({ params: { id }, body: reason ? { reason } : {} })
        : api.adjustments.reject({ params: { id }, body: { reason } }),
    onSuccess: ({ data }) => {
      toast.success(
        `Adjustment of ${formatAmount(data.amount, data.currency, true)} ${data.status === 'applied' ? 'approved and applied' : 'rejected'}.`,
      );
      void client.invalidateQueries({ queryKey: ['adjustments'] });
      void client.invalidateQueries({ queryKey: ['player', data.playerId] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(found.message);
      // Someone else decided first: the list shows what happened.
      if (found.code === ErrorCode.alreadyDecided) void client.invalidateQueries({ queryKey: ['adjustments'] });
    },
  });
  const adjustment = decision?.adjustment;
  const approve = decision?.verb === 'approve';
  return (
    <FormDialog
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={approve ? 'Approve the adjustment' : 'Reject the adjustment'}
      description={
        adjustment
          ? `${formatAmount(adjustment.amount, adjustment.currency, true)} for player ${shortId(adjustment.playerId)}: “${adjustment.reason}”. ${approve ? 'The money moves at once.' : 'Nothing moves.'}`
          : ''
      }
      submitLabel={approve ? 'Approve' : 'Reject'}
      danger={!approve}
      pending={decide.isPending}
      problem={problem}
      onSubmit={(form) =>
        adjustment &&
        decide.mutate({
          id: adjustment.id,
          verb: decision.verb,
          reason: String(form.get('reason') ?? '').trim(),
        })
      }
    >
      <ReasonField error={problem?.fields.reason} optional={approve} />
    </FormDialog>
  );
}
