import { encodeQuery } from '@croupier/contracts';
import { backofficeRoutes } from '../../lib/routes.ts';

/**
 * "Download CSV" is a plain same-origin link: the browser sends the staff cookie, and the server streams the
 * file straight to disk, whatever its size (no Blob held in the page). A link cannot set `Accept: text/csv`,
 * so it asks with `?format=csv`, which the report routes take as the same thing (decision 0121).
 */

/** The report operations that answer CSV. */
export type CsvReport = 'daily' | 'games' | 'players' | 'bonusCost' | 'funnel';

/** What a report's query holds: its range and currency, and the players report's order and size. */
export type CsvQuery = {
  from: string;
  to: string;
  currency?: string | undefined;
  order?: string | undefined;
  limit?: number | undefined;
};

export function csvHref(report: CsvReport, query: CsvQuery): string {
  const path = backofficeRoutes.reports?.[report]?.path;
  if (!path) throw new Error(`no route for the ${report} report`);
  return `${path}${encodeQuery({ ...query, format: 'csv' })}`;
}

/** The file's name: what, which range and currency, e.g. `croupier-daily-2025-01-01-2025-01-31-EUR.csv`. */
export function csvFileName(name: string, query: CsvQuery): string {
  const parts = ['croupier', name, query.from, query.to, query.currency].filter(Boolean);
  return `${parts.join('-')}.csv`;
}
