import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isClientError, isUnauthenticated } from './errors.ts';
import { notifyUnauthenticated } from './session.ts';

/**
 * Lists and screens read through TanStack Query: cached per query key (the filters and page are in the key),
 * retried only when a retry can help (never a 4xx), and any 20000 sends the app back to sign-in.
 */
export function createQueryClient(): QueryClient {
  const signedOut = (error: unknown) => {
    if (isUnauthenticated(error)) notifyUnauthenticated();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) => !isClientError(error) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** One client for the page's life (the SPA's loaders and components share it). */
export const queryClient = createQueryClient();
