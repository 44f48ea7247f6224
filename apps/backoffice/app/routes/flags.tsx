import {
  AML_FLAG_KINDS,
  type Flag,
  type FlagList,
  type FlagSeverity,
  type FlagStatus,
  RG_FLAG_KINDS,
} from '@croupier/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo } from 'react';
import { LiveCountHeader } from '../features/dashboard/live-count-header.tsx';
import { useLiveCount } from '../features/dashboard/use-live-count.ts';
import { FlagPanel } from '../features/flags/flag-panel.tsx';
import { flagsKey } from '../features/flags/keys.ts';
import { FLAG_KINDS, flagKindLabel } from '../features/flags/words.ts';
import { api } from '../lib/api.ts';
import { formatCount, formatTime, shortId } from '../lib/format.ts';
import { FLAG_STATUSES, SEVERITIES, statusParam } from '../lib/statuses.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted } from '../ui/permitted.tsx';
import { PlayerFilter } from '../ui/player-filter.tsx';
import { PlayerLink } from '../ui/player-link.tsx';
import { SeverityBadge } from '../ui/severity-badge.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { Tip } from '../ui/tip.tsx';

export const meta = () => [{ title: 'Flags · Croupier back office' }];

const LISTS: readonly FlagList[] = ['rg', 'aml'];
const LIST_NAMES: Record<FlagList, string> = { rg: 'Responsible gaming', aml: 'Anti-money laundering' };
const KINDS: Record<FlagList, readonly string[]> = { rg: RG_FLAG_KINDS, aml: AML_FLAG_KINDS };
// `active` (open or reviewed) by default: the flags still to work, the ones the nav's count counts.
const STATUSES: readonly (FlagStatus | 'active' | 'all')[] = ['active', 'open', 'reviewed', 'closed', 'all'];
const SEVERITY_VALUES: readonly (FlagSeverity | 'all')[] = ['all', 'high', 'medium', 'low'];

export default function Flags() {
  return (
    <Permitted permission="flags:review">
      <FlagQueue />
    </Permitted>
  );
}

/**
 * The responsible-gaming and AML flags (decision 0114), one tab each, ordered by severity then the latest
 * sighting (the server's order). Filters and the open flag (`?flag=`) live in the address. The count of flags
 * not closed follows the staff channel; when it moves (a new flag, one closed) the list is read again.
 */
function FlagQueue() {
  const { params, set } = useUrlState();
  const list = statusParam(LISTS, params.get('list'), 'rg');
  const { live, count } = useLiveCount('flagsOpen', flagsKey);
  return (
    <>
      <LiveCountHeader title="Flags" testId="flags-open" live={live}>
        {count === undefined ? '' : `${formatCount(count)} not closed, both lists`}
      </LiveCountHeader>
      <Tabs.Root
        value={list}
        // Filters of one list mean nothing in the other; the open flag closes.
        onValueChange={(next) => set({ list: next === 'rg' ? null : next, kind: null, flag: null })}
        activationMode="manual"
      >
        <Tabs.List className="tabs" aria-label="Flag lists">
          {LISTS.map((l) => (
            <Tabs.Trigger key={l} value={l}>
              {LIST_NAMES[l]} ({l.toUpperCase()})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LISTS.map((l) => (
          <Tabs.Content key={l} value={l} className="tab-panel">
            {l === list && <FlagTable list={l} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <FlagPanel flagId={textOf(params, 'flag')} onClose={() => set({ flag: null, page: params.get('page') })} />
    </>
  );
}

const col = columnHelper<Flag>();

function FlagTable({ list }: { list: FlagList }) {
  const { params, page, perPage, set } = useUrlState();
  const status = statusParam(STATUSES, params.get('status'), 'active');
  const severity = statusParam(SEVERITY_VALUES, params.get('severity'), 'all');
  const kindRaw = params.get('kind');
  const kind = kindRaw && KINDS[list].includes(kindRaw) ? (kindRaw as Flag['kind']) : undefined;
  const playerId = textOf(params, 'playerId');
  const query = {
    list,
    status: status === 'all' ? undefined : status,
    severity: severity === 'all' ? undefined : severity,
    kind,
    playerId,
    page,
    perPage,
  };
  const flags = usePagedList(flagsKey, query, (q) => api.flags.list({ query: q }));

  const columns = useMemo(
    () => [
      col.accessor('severity', { header: 'Severity', cell: (info) => <SeverityBadge severity={info.getValue()} /> }),
      col.accessor('kind', {
        header: 'Kind',
        cell: (info) => (
          <Tip
            label={flagKindLabel(info.getValue())}
            tip={FLAG_KINDS[info.getValue()]?.explanation ?? info.getValue()}
            className="badge badge--neutral"
          />
        ),
      }),
      col.accessor('detail', {
        header: 'What was seen',
        // The sentence is the flag: it wraps rather than hide its amounts behind an ellipsis.
        cell: (info) => <span className="flag-detail">{info.getValue()}</span>,
      }),
      col.accessor('playerId', {
        header: 'Player',
        cell: (info) => <PlayerLink id={info.getValue()} />,
      }),
      col.accessor('count', { header: 'Seen' }),
      col.accessor('lastSeenAt', { header: 'Last seen (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge table={FLAG_STATUSES} status={info.getValue()} />,
      }),
      col.display({
        id: 'open',
        header: 'Details',
        cell: (info) => (
          <button
            type="button"
            className="button button--small"
            onClick={() => set({ flag: info.row.original.id, page: params.get('page') })}
            aria-label={`Open ${flagKindLabel(info.row.original.kind)} of ${shortId(info.row.original.playerId)}`}
          >
            Open
          </button>
        ),
      }),
    ],
    [set, params],
  );

  return (
    <>
      <div className="filters">
        <label className="filters__field">
          <span>Status</span>
          <select value={status} onChange={(e) => set({ status: e.target.value === 'active' ? null : e.target.value })}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'Every status' : s === 'active' ? 'Not closed' : FLAG_STATUSES[s]!.label}
              </option>
            ))}
          </select>
        </label>
        <label className="filters__field">
          <span>Severity</span>
          <select
            value={severity}
            onChange={(e) => set({ severity: e.target.value === 'all' ? null : e.target.value })}
          >
            {SEVERITY_VALUES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'Every severity' : SEVERITIES[s]!.label}
              </option>
            ))}
          </select>
        </label>
        <label className="filters__field">
          <span>Kind</span>
          <select value={kind ?? ''} onChange={(e) => set({ kind: e.target.value })}>
            <option value="">Every kind</option>
            {KINDS[list].map((k) => (
              <option key={k} value={k}>
                {flagKindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <PlayerFilter playerId={playerId} onClear={() => set({ playerId: null })} />
      </div>
      <PagedTable
        caption={`${LIST_NAMES[list]} flags, by severity`}
        columns={columns}
        list={flags}
        rowId={(row) => row.id}
        empty="No flag matches these filters."
      />
    </>
  );
}
