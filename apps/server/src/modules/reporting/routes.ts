import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { type CsvColumn, sendCsv, wantsCsv } from './csv.ts';
import { bonusCostColumns, dailyColumns, funnelColumns, gameColumns, playerColumns } from './csv-columns.ts';
import type { DayRange } from './queries/daily.ts';
import { CSV_PAGE, collect, JSON_PAGE } from './queries/pages.ts';
import { bonusCostRows, dailyRows, funnelRows, gameRows, playerRows, type ReportDeps } from './rows.ts';

// The reports (backoffice-api.md §8, decision 0121), read from the rollups only. The staff hook has checked
// `reports:read` before these run; nothing here changes anything. Each answers JSON, or the same rows as a
// streamed CSV when the request's Accept prefers `text/csv`.

const e = backofficeEndpoints.reports;

export interface ReportingRoutesOptions extends ReportDeps {}

/** `croupier-daily-2026-01-01-2026-01-31-EUR.csv` */
const filenameOf = (report: string, range: DayRange) =>
  `croupier-${report}-${range.from}-${range.to}${range.currency ? `-${range.currency}` : ''}.csv`;

/**
 * The JSON answer or the CSV stream of a report. `rows(pageSize)` starts the report's pages: large ones for
 * JSON (gathered whole: a report's rows are days, games, campaigns), small ones for CSV (written as they come).
 */
async function answer<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  csv: { filename: string; columns: readonly CsvColumn<R>[] },
  rows: (pageSize: number) => AsyncGenerator<R[]>,
): Promise<{ data: R[] } | FastifyReply> {
  reply.header('vary', 'accept');
  if (wantsCsv(request)) return sendCsv(reply, csv.filename, csv.columns, rows(CSV_PAGE));
  return { data: await collect(rows(JSON_PAGE)) };
}

export async function reportingRoutes(app: FastifyInstance, deps: ReportingRoutesOptions): Promise<void> {
  route(app, e.daily, ({ query, request, reply }) =>
    answer(request, reply, { filename: filenameOf('daily', query), columns: dailyColumns }, (size) =>
      dailyRows(deps, query, size),
    ),
  );

  route(app, e.games, ({ query, request, reply }) =>
    answer(request, reply, { filename: filenameOf('games', query), columns: gameColumns }, (size) =>
      gameRows(deps, query, size),
    ),
  );

  route(app, e.players, ({ query, request, reply }) =>
    answer(request, reply, { filename: filenameOf(`players-${query.order}`, query), columns: playerColumns }, () =>
      playerRows(deps, query),
    ),
  );

  route(app, e.bonusCost, ({ query, request, reply }) =>
    answer(request, reply, { filename: filenameOf('bonus-cost', query), columns: bonusCostColumns }, (size) =>
      bonusCostRows(deps, query, size),
    ),
  );

  route(app, e.funnel, ({ query, request, reply }) =>
    answer(request, reply, { filename: filenameOf('funnel', query), columns: funnelColumns }, () =>
      funnelRows(deps, query),
    ),
  );
}
