import type { RowData } from '@tanstack/react-table';
import { problemOf } from '../../lib/errors.ts';
import { type Columns, DataTable } from '../../ui/data-table.tsx';

/** A report query's state as its table needs it (TanStack Query's result). */
export interface ReportList<T> {
  data?: { data: T[] } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A report's rows in one dense table: bounded by the API (≤ 366 days per currency, one row per game, a top
 * 100), so it is shown whole with no pager. Skeleton rows while the first answer comes, the error envelope's
 * message with a retry.
 */
export function ReportTable<T extends RowData>({
  caption,
  columns,
  list,
  rowId,
  empty,
  rowClassName,
  rows,
}: {
  caption: string;
  columns: Columns<T>;
  list: ReportList<T>;
  rowId: (row: T) => string;
  empty: string;
  rowClassName?: (row: T) => string | undefined;
  /** The rows to show when the screen narrows the answer (the RTP monitor's "outside only"). */
  rows?: T[] | undefined;
}) {
  return (
    <div className="report-table">
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows ?? list.data?.data}
        rowId={rowId}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty={empty}
        rowClassName={rowClassName}
      />
    </div>
  );
}

/** A figure right-aligned in tabular digits; a negative one in the debit colour (its minus sign says it too). */
export function Num({ value, text }: { value: number | null | undefined; text: string }) {
  return (
    <span className={`amount num${value !== null && value !== undefined && value < 0 ? ' amount--debit' : ''}`}>
      {text}
    </span>
  );
}

/** A column heading over right-aligned figures. */
export const NumHeading = ({ children }: { children: string }) => <span className="num">{children}</span>;
