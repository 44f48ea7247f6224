import { useSearchParams } from 'react-router';
import { type ParamChanges, pageOf, perPageOf, withParams } from './url-state.ts';

/** The address's filters and page, and a setter that changes them in one history entry. */
export function useUrlState(defaultPerPage = 25) {
  const [params, setParams] = useSearchParams();
  const set = (changes: ParamChanges, replace = false) => setParams(withParams(params, changes), { replace });
  return {
    params,
    page: pageOf(params),
    perPage: perPageOf(params, defaultPerPage),
    set,
    setPage: (page: number, perPage: number) => set({ page, perPage: perPage === defaultPerPage ? null : perPage }),
  };
}
