import type { PaginationMeta, Referral } from '@croupier/contracts';
import { useEffect, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';

export interface ReferralsState {
  loading: boolean;
  failed: boolean;
  items: Referral[];
  meta: PaginationMeta | null;
}

/** One page of the player's referees (GET /api/player/profile/referrals), reloaded when the page changes. */
export function useReferrals(page: number): ReferralsState {
  const [state, setState] = useState<ReferralsState>({ loading: true, failed: false, items: [], meta: null });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    browserApi()
      .referrals.referrals({ query: { page, perPage: 10 } })
      .then((answer) => {
        if (live) setState({ loading: false, failed: false, items: answer.referrals, meta: answer.meta });
      })
      .catch(() => {
        if (live) setState({ loading: false, failed: true, items: [], meta: null });
      });
    return () => {
      live = false;
    };
  }, [page]);
  return state;
}
