import type { PaginationMeta as PageMeta } from '@croupier/contracts';
import {
  type ColumnDef,
  createColumnHelper,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format.ts';
import { PAGE_SIZES } from '../lib/url-state.ts';

/**
 * A dense table over TanStack Table. Paging is the server's (`manualPagination`): the table shows one page of
 * rows and the pager moves the page in the address (`onPage`), which refetches. No client-side sort or filter:
 * with 100k players only the server can answer either.
 */
export const features = tableFeatures({ rowPaginationFeature });
export type Features = typeof features;
export const columnHelper = <T extends RowData>() => createColumnHelper<Features, T>();
// biome-ignore lint/suspicious/noExplicitAny: a column's value type varies per column (TanStack's own ColumnDef[] typing)
export type Columns<T extends RowData> = ColumnDef<Features, T, any>[];

const NO_ROWS: never[] = [];

/**
 * A cell's content, its renderer called as a function. TanStack's `FlexRender` mounts a function renderer as a
 * component, and a screen's columns are made again when its address changes (they close over the filters): each
 * new function is a new component type, so every cell was unmounted and mounted anew, and the row's button that
 * opened a panel was gone by the time focus should go back to it. Called, the renderer's elements reconcile in
 * place. Renderers are plain functions of the cell (no hooks); components inside them are rendered as usual.
 */
function cellContent(cell: {
  column: { columnDef: { cell?: unknown } };
  getContext: () => unknown;
  getValue: () => unknown;
}): ReactNode {
  const render = cell.column.columnDef.cell;
  if (typeof render === 'function') return (render as (context: unknown) => ReactNode)(cell.getContext());
  return (render as ReactNode) ?? (cell.getValue() as ReactNode);
}

export interface DataTableProps<T extends RowData> {
  caption: string;
  columns: Columns<T>;
  rows: T[] | undefined;
  rowId: (row: T) => string;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  empty: ReactNode;
  /** The server's page (paginated lists); without it the table shows every row it gets and no pager. */
  meta?: PageMeta | undefined;
  page?: number;
  perPage?: number;
  onPage?: (page: number, perPage: number) => void;
  /** A row's class, to mark it (the RTP monitor's games outside their interval); never the only signal. */
  rowClassName?: (row: T) => string | undefined;
}

export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  loading,
  error,
  onRetry,
  empty,
  meta,
  page = 1,
  perPage = 25,
  onPage,
  rowClassName,
}: DataTableProps<T>) {
  const pagination: PaginationState = { pageIndex: page - 1, pageSize: perPage };
  const table = useTable({
    features,
    columns,
    data: rows ?? (NO_ROWS as T[]),
    getRowId: rowId,
    manualPagination: true,
    rowCount: meta?.totalRows ?? rows?.length ?? 0,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      onPage?.(next.pageIndex + 1, next.pageSize);
    },
  });
  const width = columns.length;
  const showSkeleton = loading && !rows;
  return (
    <div className="data-table">
      {/* A focusable region, so a keyboard can scroll a table wider than the screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll container must take focus (WCAG 2.1.1) */}
      <section className="table-wrap" aria-label={caption} tabIndex={0}>
        <table aria-busy={loading || undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {showSkeleton &&
              Array.from({ length: Math.min(perPage, 8) }, (_, i) => (
                <tr key={i} className="row--skeleton">
                  <td colSpan={width}>
                    <span className="skeleton__line" />
                  </td>
                </tr>
              ))}
            {!showSkeleton && error && (
              <tr>
                <td colSpan={width} className="table-message table-message--error">
                  {error}{' '}
                  {onRetry && (
                    <button type="button" className="button button--small" onClick={onRetry}>
                      Retry
                    </button>
                  )}
                </td>
              </tr>
            )}
            {!showSkeleton && !error && rows?.length === 0 && (
              <tr>
                <td colSpan={width} className="table-message">
                  {empty}
                </td>
              </tr>
            )}
            {!error &&
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className={rowClassName?.(row.original)}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>{cellContent(cell)}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </section>
      {meta && onPage && (
        <Pager
          meta={meta}
          perPage={perPage}
          loading={loading}
          canPrevious={table.getCanPreviousPage()}
          canNext={table.getCanNextPage()}
          onPrevious={() => table.previousPage()}
          onNext={() => table.nextPage()}
          onPerPage={(size) => onPage(1, size)}
        />
      )}
    </div>
  );
}

function Pager({
  meta,
  perPage,
  loading,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  onPerPage,
}: {
  meta: PageMeta;
  perPage: number;
  loading: boolean;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onPerPage: (size: number) => void;
}) {
  const first = meta.totalRows === 0 ? 0 : (meta.page - 1) * meta.perPage + 1;
  const last = Math.min(meta.page * meta.perPage, meta.totalRows);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__rows">
        {formatCount(first)}–{formatCount(last)} of {formatCount(meta.totalRows)}
      </span>
      <button type="button" className="button button--small" onClick={onPrevious} disabled={!canPrevious || loading}>
        Previous
      </button>
      <span className="pager__page">
        Page {formatCount(meta.page)} of {formatCount(Math.max(meta.totalPages, 1))}
      </span>
      <button type="button" className="button button--small" onClick={onNext} disabled={!canNext || loading}>
        Next
      </button>
      <label className="pager__size">
        Rows per page{' '}
        <select value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
