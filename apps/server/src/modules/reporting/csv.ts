import { Readable } from 'node:stream';
import { toMajorString, toMinor } from '@croupier/contracts/reference/index';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Reports as CSV (backoffice-api.md §8: the same path with `Accept: text/csv`, streamed; decision 0121). RFC 4180:
 * a header line, CRLF line ends, a field quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Amounts are the row's major units printed exactly with every decimal of the currency ("10.50"). Text a player
 * or an operator wrote (a nickname, a campaign name) that a spreadsheet would run as a formula is prefixed with
 * an apostrophe (OWASP's CSV injection advice); numbers, dates and ids never start that way.
 */

export type Cell = string | number | boolean | null;

export interface CsvColumn<R> {
  header: string;
  cell: (row: R) => Cell;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA = /^[=+\-@\t\r]/;
const QUOTE = /[",\r\n]/;

/** One field: formula-guarded when it is text, quoted when it needs to be. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return QUOTE.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** An amount of a row (major units, as the JSON answers it) printed exactly with its currency's decimals. */
export const amountCell = (major: number, currency: string): string =>
  toMajorString(toMinor(major, currency), currency);

/** The header, then one chunk per page of rows: the stream holds one page at a time. */
export async function* csvChunks<R>(columns: readonly CsvColumn<R>[], pages: AsyncIterable<R[]>) {
  yield csvLine(columns.map((c) => c.header));
  for await (const rows of pages) {
    yield rows.map((row) => csvLine(columns.map((c) => c.cell(row)))).join('');
  }
}

/**
 * Whether the client asked for CSV: `text/csv` in Accept, preferred to JSON by its q-value (or equal and
 * named first); or `format=csv` in the query, for the back office's download link, which cannot set a header
 * (the query schemas drop the key). No Accept, `*\/*` or JSON first: the JSON answer.
 */
export function wantsCsv(request: FastifyRequest): boolean {
  if ((request.query as { format?: unknown } | undefined)?.format === 'csv') return true;
  const accept = request.headers.accept;
  if (!accept) return false;
  let csv = -1;
  let json = -1;
  for (const [index, part] of accept.split(',').entries()) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    // Higher q first, then earlier in the list.
    const rank = Number.isFinite(weight) && weight > 0 ? weight * 1000 - index : -1;
    if (type === 'text/csv') csv = Math.max(csv, rank);
    else if (type === 'application/json') json = Math.max(json, rank);
  }
  return csv >= 0 && csv > json;
}

/**
 * Answers a report as a streamed CSV attachment. The first page is read before the headers go out, so a failing
 * query is still the error envelope; after that, a failure ends the stream (the download is visibly cut).
 */
export async function sendCsv<R>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<R>[],
  pages: AsyncGenerator<R[]>,
): Promise<FastifyReply> {
  const first = await pages.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* pages;
  }
  const stream = Readable.from(csvChunks(columns, all()), { objectMode: false });
  reply
    .type('text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  return reply.send(stream);
}
