import type { GameReportRow } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { CsvLink } from './csv-link.tsx';
import { formatInterval, formatPercent, type RtpStanding, rtpStanding } from './figures.ts';
import { reportKey } from './keys.ts';
import { outsideOnlyOf, type RangeFilters } from './params.ts';
import { Num, NumHeading, ReportTable } from './report-table.tsx';

const STANDINGS: Record<RtpStanding, { label: string; badge: string; title: string }> = {
  outside: {
    label: 'Outside',
    badge: 'badge badge--danger',
    title: 'The actual RTP falls outside the 95 % interval for the rounds played: look into this game.',
  },
  within: { label: 'Within', badge: 'badge badge--ok', title: 'The actual RTP is inside the 95 % interval.' },
  unknown: { label: 'No theory', badge: 'badge', title: 'No math sheet, or no stake yet: nothing to compare.' },
};

const col = columnHelper<GameReportRow>();
const money = (key: 'bets' | 'wins', header: string) =>
  col.accessor(key, {
    header: () => <NumHeading>{header}</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatAmount(info.getValue())} />,
  });
const percent = (key: 'rtp' | 'theoreticalRtp', header: string) =>
  col.accessor(key, {
    header: () => <NumHeading>{header}</NumHeading>,
    cell: (info) => <Num value={null} text={formatPercent(info.getValue())} />,
  });

const columns = [
  col.accessor('name', {
    header: 'Game',
    cell: (info) => <span title={info.row.original.identity}>{info.getValue()}</span>,
  }),
  col.accessor('provider', { header: 'Provider' }),
  col.accessor('currency', { header: 'Currency' }),
  col.accessor('rounds', {
    header: () => <NumHeading>Rounds</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatCount(info.getValue())} />,
  }),
  money('bets', 'Bets'),
  money('wins', 'Wins'),
  percent('rtp', 'RTP'),
  percent('theoreticalRtp', 'Theoretical'),
  col.display({
    id: 'interval',
    header: () => <NumHeading>95 % interval</NumHeading>,
    cell: ({ row }) => <Num value={null} text={formatInterval(row.original.rtpLow, row.original.rtpHigh)} />,
  }),
  col.display({
    id: 'standing',
    header: 'Monitor',
    cell: ({ row }) => {
      const look = STANDINGS[rtpStanding(row.original)];
      return (
        <span className={look.badge} title={look.title} data-standing={rtpStanding(row.original)}>
          {look.label}
        </span>
      );
    },
  }),
];

const VIEWS = [
  { value: 'all', label: 'Every game' },
  { value: 'outside', label: 'Outside the interval' },
] as const;

/**
 * Per game and provider, and the RTP monitor (§8): the actual RTP against the math sheet's, with the 95 %
 * interval for the rounds played. A game outside it is marked (row and word) and can be shown alone
 * (`?outside=1`); the list is one row per game and currency, so it is narrowed here, not by the API.
 */
export function GamesReport({ range }: { range: RangeFilters }) {
  const { params, set } = useUrlState();
  const outsideOnly = outsideOnlyOf(params);
  const list = useQuery({
    queryKey: reportKey('games', range),
    queryFn: () => api.reports.games({ query: range }),
    placeholderData: keepPreviousData,
  });
  const all = list.data?.data;
  const outside = all?.filter((row) => row.outside);
  return (
    <>
      <div className="report-toolbar">
        <Segmented
          legend="Games shown"
          options={VIEWS}
          value={outsideOnly ? 'outside' : 'all'}
          onChange={(view) => set({ outside: view === 'outside' ? '1' : null })}
        />
        <p className="report-toolbar__note" aria-live="polite" data-testid="rtp-outside-count">
          {outside === undefined
            ? ''
            : outside.length === 0
              ? 'Every game is within its interval.'
              : `${formatCount(outside.length)} outside the interval`}
        </p>
        <CsvLink report="games" name="games" query={range} />
      </div>
      <ReportTable
        caption={`Games and the RTP monitor, ${range.from} to ${range.to}${outsideOnly ? ', outside the interval only' : ''}`}
        columns={columns}
        list={list}
        rows={outsideOnly ? outside : all}
        rowId={(row) => `${row.gameId}-${row.currency}`}
        rowClassName={(row) => (row.outside ? 'row--alert' : undefined)}
        empty={outsideOnly ? 'No game is outside its interval.' : 'No game was played in this range.'}
      />
    </>
  );
}
