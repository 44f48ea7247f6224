import { type PaginationMeta, type PlayerBonus, PlayerBonusStatus } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { rememberBonuses } from './bonus-store.ts';

export const HISTORY_PER_PAGE = 10;

/** One page of finished bonuses (api-contract §10: page, perPage=10, sortOrder=desc); reloads on `version`. */
export function useBonusHistory(page: number, version: number, enabled: boolean) {
  const [rows, setRows] = useState<PlayerBonus[]>([]);
  const [meta, setMeta] = useState<PaginationMeta | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (!enabled) return;
    const request = ++latest.current;
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      const answer = await browserApi().bonus.playerBonuses({
        query: { status: [PlayerBonusStatus.finished], page, perPage: HISTORY_PER_PAGE, sortOrder: 'desc' },
      });
      if (request !== latest.current) return;
      rememberBonuses(answer.data);
      setRows(answer.data);
      setMeta(answer.meta);
      setState('ready');
    } catch {
      if (request === latest.current) setState('failed');
    }
  }, [page, version, enabled]);

  useEffect(() => {
    void load();
  }, [load]);

  return { rows, meta, state, reload: load };
}
