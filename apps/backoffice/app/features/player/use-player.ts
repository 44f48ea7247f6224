import type { Player360 } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { player360Key } from './keys.ts';

/** The 360 view (each read is audited on the server as a view of the player's personal data). */
export function usePlayer360(id: string) {
  return useQuery({
    queryKey: player360Key(id),
    queryFn: async (): Promise<Player360> => (await api.players.get({ params: { id } })).data,
    staleTime: 30_000,
  });
}
