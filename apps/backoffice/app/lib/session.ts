import type { Staff } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The signed-in staff member, cached under one key; the shell loads it before any screen renders. */
export const meQuery = {
  queryKey: ['me'] as const,
  queryFn: async (): Promise<Staff> => (await api.staff.me()).data,
  staleTime: 60_000,
};

export function useMe(): Staff | undefined {
  return useQuery(meQuery).data;
}

type Listener = () => void;
let listener: Listener | null = null;

/**
 * A 401 with 20000 from any call (an idle or absolute expiry, a disabled account, a sign-out in another tab)
 * sends the app back to sign-in. The shell registers the one handler, which knows the router.
 */
export function onUnauthenticated(handler: Listener): () => void {
  listener = handler;
  return () => {
    if (listener === handler) listener = null;
  };
}

export function notifyUnauthenticated(): void {
  listener?.();
}
