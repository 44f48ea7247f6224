import { tournamentChannel, tournamentPlayerChannel } from '@croupier/contracts';
import { usePublicChannel } from '../realtime/index.ts';

/** `tournaments:{id}`: anyone on an upcoming or running tournament's page (api-contract §14.2). */
export function LeaderboardChannel({ tournamentId, onData }: { tournamentId: string; onData: (d: unknown) => void }) {
  usePublicChannel(tournamentChannel(tournamentId), onData);
  return null;
}

/** `tournaments:{id}#{playerId}`: the signed-in player's own entry on the same page. */
export function EntryChannel(props: { tournamentId: string; playerId: string; onData: (d: unknown) => void }) {
  usePublicChannel(tournamentPlayerChannel(props.tournamentId, props.playerId), props.onData);
  return null;
}
