import type { Bet, PaginationMeta, Spin } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { betsQuery, spinsQuery } from './game-history-query.ts';
import type { ListState } from './use-invoices.ts';

function usePaged<T>(fetchPage: () => Promise<{ data: T[]; meta: PaginationMeta }>) {
  const [rows, setRows] = useState<T[]>([]);
  const [meta, setMeta] = useState<PaginationMeta | null>(null);
  const [state, setState] = useState<ListState>('loading');
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    setState('loading');
    try {
      const answer = await fetchPage();
      if (request !== latest.current) return;
      setRows(answer.data);
      setMeta(answer.meta);
      setState('ready');
    } catch {
      if (request === latest.current) setState('failed');
    }
  }, [fetchPage]);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, meta, state, reload: load };
}

/** One page of the player's bets, settled or open. */
export function useBets(page: number, isSettled: boolean) {
  const fetchPage = useCallback(
    () =>
      browserApi().game.bets({ query: betsQuery(page, isSettled) }) as Promise<{ data: Bet[]; meta: PaginationMeta }>,
    [page, isSettled],
  );
  return usePaged<Bet>(fetchPage);
}

/** One page of the player's spins. */
export function useSpins(page: number) {
  const fetchPage = useCallback(() => browserApi().game.spins({ query: spinsQuery(page) }), [page]);
  return usePaged<Spin>(fetchPage);
}
