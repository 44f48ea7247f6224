import type { FieldScenario, FormField } from '@croupier/contracts';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../session/runtime.ts';

export type FieldsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; fields: FormField[] };

/** The server's field list for a scenario (api-contract §2.1), in the order received. */
export function useFieldDefinitions(scenario: FieldScenario) {
  const [state, setState] = useState<FieldsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    browserApi()
      .player.fields({ query: { scenario } })
      .then(({ data }) => live && setState({ status: 'ready', fields: data }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [scenario, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
