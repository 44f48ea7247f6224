import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * One page of a list from the server, cached under its key and its query (filters and page, decision 0109):
 * back and forward are instant, and the page on screen stays while the next one loads.
 */
export function usePagedList<Q, R>(key: readonly unknown[], query: Q, read: (query: Q) => Promise<R>) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: () => read(query),
    placeholderData: keepPreviousData,
  });
}
