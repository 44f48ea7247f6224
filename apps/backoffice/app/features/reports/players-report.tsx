import type { PlayerReportRow } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { formatAmount, shortId } from '../../lib/format.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { useAllows } from '../../ui/permitted.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { CsvLink } from './csv-link.tsx';
import { reportKey } from './keys.ts';
import { PLAYER_LIMITS, type PlayerOrder, playersFiltersOf, type RangeFilters } from './params.ts';
import { Num, NumHeading, ReportTable } from './report-table.tsx';

const col = columnHelper<PlayerReportRow>();
const money = (key: 'bets' | 'wins' | 'ggr' | 'deposits' | 'withdrawals', header: string) =>
  col.accessor(key, {
    header: () => <NumHeading>{header}</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatAmount(info.getValue())} />,
  });

/** The player's cell: a link to the 360 for a role that may open it (finance reads reports, not players). */
function playersColumns(canOpen: boolean) {
  return [
    col.accessor('playerId', {
      header: 'Player',
      cell: ({ row }) => {
        const { playerId, name } = row.original;
        const label = name ?? shortId(playerId);
        return canOpen ? (
          <Link to={`/players/${playerId}`} title={playerId}>
            {label}
          </Link>
        ) : (
          <span title={playerId}>{label}</span>
        );
      },
    }),
    col.accessor('currency', { header: 'Currency' }),
    money('bets', 'Bets'),
    money('wins', 'Wins'),
    money('ggr', 'GGR (bets − wins)'),
    money('deposits', 'Deposits'),
    money('withdrawals', 'Withdrawals'),
  ];
}

const ORDERS: readonly { value: PlayerOrder; label: string }[] = [
  { value: 'losers', label: 'Top losers' },
  { value: 'winners', label: 'Top winners' },
];

/** Top winners or losers over the range, per player and currency (§8): `?order=`, `?limit=`. */
export function PlayersReport({ range }: { range: RangeFilters }) {
  const { params, set } = useUrlState();
  const { order, limit } = playersFiltersOf(params);
  const query = { ...range, order, limit };
  const allows = useAllows();
  const canOpen = allows('players:read');
  const columns = useMemo(() => playersColumns(canOpen), [canOpen]);
  const list = useQuery({
    queryKey: reportKey('players', query),
    queryFn: () => api.reports.players({ query }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="report-toolbar">
        <Segmented
          legend="Order"
          options={ORDERS}
          value={order}
          onChange={(next) => set({ order: next === 'losers' ? null : next })}
        />
        <label className="filters__field filters__field--inline">
          <span>Players</span>
          <select
            value={limit}
            onChange={(event) => set({ limit: event.target.value === '25' ? null : event.target.value })}
          >
            {PLAYER_LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <CsvLink report="players" name={`players-${order}`} query={query} />
      </div>
      <ReportTable
        caption={`Top ${limit} ${order}, ${range.from} to ${range.to}${range.currency ? `, ${range.currency}` : ''}`}
        columns={columns}
        list={list}
        rowId={(row) => `${row.playerId}-${row.currency}`}
        empty="No player staked in this range."
      />
    </>
  );
}
