import type { PaginationMeta } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import type { GameCardData } from './card.ts';
import { appendPage, type GamesFilter, gamesQuery } from './query.ts';

export type ListStatus = 'loading' | 'ready' | 'failed';

/**
 * A paged game list with "load more": the first page may come from the loader (SSR); later pages, and
 * any change of filter, are fetched in the browser. Answers of an older filter are dropped.
 */
export function useGameList(filter: GamesFilter, initial?: { data: GameCardData[]; meta: PaginationMeta } | null) {
  const key = JSON.stringify(gamesQuery({ ...filter, page: 1 }));
  const [games, setGames] = useState<GameCardData[]>(initial?.data ?? []);
  const [meta, setMeta] = useState<PaginationMeta | null>(initial?.meta ?? null);
  const [status, setStatus] = useState<ListStatus>(initial ? 'ready' : 'loading');
  const latest = useRef(0);
  const adopted = useRef<unknown>(null);
  /** The filter whose page 1 the list holds (adopted or fetched). */
  const shown = useRef<string | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const fetchPage = useCallback(async (page: number, append: boolean) => {
    const request = ++latest.current;
    setStatus('loading');
    try {
      const answer = await browserApi().game.games({ query: gamesQuery({ ...filterRef.current, page }) });
      if (request !== latest.current) return;
      setGames((shown) => (append ? appendPage(shown, answer.data) : answer.data));
      setMeta(answer.meta);
      setStatus('ready');
    } catch {
      if (request === latest.current) setStatus('failed');
    }
  }, []);

  // A new filter: the loader's first page when it brought one for it (SSR, or a navigation between two
  // categories), else page 1 from the browser. Nothing when the list already holds it: StrictMode runs this
  // twice on mount, and the second run used to empty the SSR'd grid into skeletons and fetch it again, which
  // moved the footer out of view and back (a layout shift of 0.16–0.3 on /categories/slots, issue 30).
  useEffect(() => {
    if (shown.current === key && (!initial || adopted.current === initial)) return;
    shown.current = key;
    if (initial) {
      adopted.current = initial;
      latest.current += 1;
      setGames(initial.data);
      setMeta(initial.meta);
      setStatus('ready');
      return;
    }
    setGames([]);
    setMeta(null);
    void fetchPage(1, false);
  }, [key, initial, fetchPage]);

  const hasMore = Boolean(meta && meta.page < meta.totalPages);
  const loadMore = useCallback(() => {
    if (meta && meta.page < meta.totalPages) void fetchPage(meta.page + 1, true);
  }, [meta, fetchPage]);
  const retry = useCallback(() => void fetchPage(meta ? meta.page : 1, Boolean(meta)), [meta, fetchPage]);

  return { games, meta, status, hasMore, loadMore, retry };
}

export type GameList = ReturnType<typeof useGameList>;
