import type { PaginationMeta } from '@croupier/contracts';
import type { RowData } from '@tanstack/react-table';
import { problemOf } from '../lib/errors.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';

/** A list query's state as the table needs it: one page of rows with the server's paging, or why not. */
export interface PagedList<T> {
  data?: { data: T[]; meta?: PaginationMeta } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

type Props<T extends RowData> = Omit<
  DataTableProps<T>,
  'rows' | 'loading' | 'error' | 'onRetry' | 'meta' | 'page' | 'perPage' | 'onPage'
> & { list: PagedList<T>; defaultPerPage?: number };

/**
 * A server-paged list read from the address (decision 0109): shows the query's page, its refusal with a retry,
 * and moves `?page=` and `?perPage=` in the address, which the screen's query reads back.
 */
export function PagedTable<T extends RowData>({ list, defaultPerPage, ...table }: Props<T>) {
  const { page, perPage, setPage } = useUrlState(defaultPerPage);
  return (
    <DataTable
      {...table}
      rows={list.data?.data}
      loading={list.isFetching}
      error={list.error ? problemOf(list.error).message : null}
      onRetry={() => list.refetch()}
      meta={list.data?.meta}
      page={page}
      perPage={perPage}
      onPage={setPage}
    />
  );
}
