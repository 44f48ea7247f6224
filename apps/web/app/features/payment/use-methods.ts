import { ErrorCode, type PaymentMethod } from '@croupier/contracts';
import { useCallback, useEffect, useState } from 'react';
import { codeOf } from '../../shared/forms/api-errors.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { reloadLimits } from '../limits/index.ts';
import { countryParam, usePaymentRegion } from '../wallet/index.ts';

export type Direction = 'deposit' | 'withdrawal';

export interface MethodsState {
  methods: PaymentMethod[];
  status: 'loading' | 'ready' | 'failed';
  /** Error 13100 on deposit methods: a deposit limit is reached (spec §8); methods are emptied. */
  limitReached: boolean;
  reload(): void;
}

/**
 * The methods of one direction for the active account's currency (api-contract §8). `country` goes only
 * when the chosen payment region differs from geo.
 */
export function usePaymentMethods(direction: Direction, currency: string | null): MethodsState {
  const { region, geoCountry } = usePaymentRegion();
  const country = countryParam(region, geoCountry);
  const [state, setState] = useState<Omit<MethodsState, 'reload'>>({
    methods: [],
    status: 'loading',
    limitReached: false,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!currency) return;
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    const api = browserApi().payment;
    const load = direction === 'deposit' ? api.depositMethods : api.withdrawalMethods;
    load({ query: { currency, country } })
      .then(({ data }) => {
        if (live) setState({ methods: data, status: 'ready', limitReached: false });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const limit = direction === 'deposit' && codeOf(error) === ErrorCode.depositLimitReached;
        setState({ methods: [], status: limit ? 'ready' : 'failed', limitReached: limit });
        // The limits are reloaded so the limits page shows the deposit limit used up (spec §8).
        if (limit) void reloadLimits();
      });
    return () => {
      live = false;
    };
  }, [direction, currency, country, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/** The methods and the one the player picked (the first until they pick). */
export function useChosenMethod(direction: Direction, currency: string | null) {
  const methods = usePaymentMethods(direction, currency);
  const [selected, select] = useState<string | null>(null);
  const method: PaymentMethod | null = methods.methods.find((m) => m.method === selected) ?? methods.methods[0] ?? null;
  return { methods, method, select };
}
