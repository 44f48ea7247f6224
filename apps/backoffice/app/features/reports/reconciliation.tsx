import type { ReconciliationFinding, ReconciliationReport, ReconciliationRun } from '@croupier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatCount, formatTime, shortId } from '../../lib/format.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { useAllows } from '../../ui/permitted.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { findingDifference } from './figures.ts';
import { reportKey, reportsKey } from './keys.ts';
import type { RangeFilters } from './params.ts';
import { Num, NumHeading, ReportTable } from './report-table.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const col = columnHelper<ReconciliationFinding>();

/** Minor units as the API gives them (exact decimal strings): shown as they are, never through a float. */
const minor = (key: 'rollup' | 'ledger', header: string) =>
  col.accessor(key, {
    header: () => <NumHeading>{header}</NumHeading>,
    cell: (info) => <Num value={null} text={info.getValue()} />,
  });

function findingColumns(canOpenPlayers: boolean) {
  return [
    col.accessor('figure', { header: 'Figure', cell: (info) => <code>{info.getValue()}</code> }),
    col.accessor('date', { header: 'Day (UTC)', cell: (info) => info.getValue().slice(0, 10) }),
    col.accessor('currency', { header: 'Currency' }),
    col.accessor('key', {
      header: 'Game or player',
      cell: (info) => {
        const key = info.getValue();
        if (!key) return '—';
        // A per-player figure names the player's id: the 360 shows what moved.
        if (canOpenPlayers && UUID.test(key))
          return (
            <Link to={`/players/${key}`} title={key}>
              {shortId(key)}
            </Link>
          );
        return <span title={key}>{key}</span>;
      },
    }),
    minor('rollup', 'Rollup (minor units)'),
    minor('ledger', 'Ledger (minor units)'),
    col.display({
      id: 'difference',
      header: () => <NumHeading>Ledger − rollup</NumHeading>,
      cell: ({ row }) => {
        const difference = findingDifference(row.original.rollup, row.original.ledger);
        return <Num value={difference?.startsWith('-') ? -1 : 1} text={difference ?? '—'} />;
      },
    }),
    col.accessor('foundAt', { header: 'Found (UTC)', cell: (info) => formatTime(info.getValue()) }),
  ];
}

/**
 * The last reconciliation (§8: the rollups recomputed from the ledger) and every difference it found, shown
 * as it is and never fixed silently. "Run now" (reports:reconcile, owners and admins) recomputes the range of
 * the filters.
 */
export function Reconciliation({ range }: { range: RangeFilters }) {
  const allows = useAllows();
  const canOpenPlayers = allows('players:read');
  const columns = useMemo(() => findingColumns(canOpenPlayers), [canOpenPlayers]);
  const report = useQuery({
    queryKey: reportKey('reconciliation', null),
    queryFn: () => api.reports.reconciliation(),
  });
  const data: ReconciliationReport | undefined = report.data?.data;
  const list = {
    data: data ? { data: data.findings } : undefined,
    isFetching: report.isFetching,
    error: report.error,
    refetch: report.refetch,
  };
  return (
    <>
      <div className="report-toolbar">
        <LastRun run={data?.lastRun} loading={report.isPending} />
        {allows('reports:reconcile') && <RunNow range={range} />}
      </div>
      <ReportTable
        caption="Differences between the rollups and the ledger"
        columns={columns}
        list={list}
        rowId={(row) => row.id}
        rowClassName={() => 'row--alert'}
        empty={data?.lastRun ? 'No difference: the rollups match the ledger.' : 'No reconciliation has run yet.'}
      />
    </>
  );
}

function LastRun({ run, loading }: { run: ReconciliationRun | null | undefined; loading: boolean }) {
  if (loading) return <Skeleton lines={1} label="Loading the last run" />;
  // No run yet: the table says so.
  if (!run) return null;
  return (
    <dl className="facts facts--inline reconciliation__run" data-testid="reconciliation-last-run">
      <div>
        <dt>Last run</dt>
        <dd>
          {run.from.slice(0, 10)} to {run.to.slice(0, 10)}
        </dd>
      </div>
      <div>
        <dt>Started</dt>
        <dd>{formatTime(run.startedAt)} UTC</dd>
      </div>
      <div>
        <dt>Finished</dt>
        <dd>{run.finishedAt ? `${formatTime(run.finishedAt)} UTC` : 'still running'}</dd>
      </div>
      <div>
        <dt>Figures compared</dt>
        <dd>{formatCount(run.compared)}</dd>
      </div>
      <div>
        <dt>Differences</dt>
        <dd>
          <span className={run.findings > 0 ? 'badge badge--danger' : 'badge badge--ok'}>
            {run.findings > 0 ? formatCount(run.findings) : 'none'}
          </span>
        </dd>
      </div>
    </dl>
  );
}

function RunNow({ range }: { range: RangeFilters }) {
  const toast = useToast();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: async () => (await api.reports.reconcile({ body: { from: range.from, to: range.to } })).data,
    onSuccess: (result) =>
      result.findings === 0
        ? toast.success(
            `Reconciled ${range.from} to ${range.to}: no difference in ${formatCount(result.compared)} figures.`,
          )
        : toast.error(`Reconciled ${range.from} to ${range.to}: ${formatCount(result.findings)} differences found.`),
    onError: (error) => toast.error(`The reconciliation did not run: ${problemOf(error).message}`),
    onSettled: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
  return (
    <button type="button" className="button" onClick={() => run.mutate()} disabled={run.isPending}>
      {run.isPending ? 'Reconciling…' : `Run now (${range.from} to ${range.to})`}
    </button>
  );
}
