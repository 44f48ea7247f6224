import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RoundReplayView } from '../features/rounds/round-replay.tsx';
import { api } from '../lib/api.ts';
import { isClientError, problemOf } from '../lib/errors.ts';
import { Permitted, useAllows } from '../ui/permitted.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

export const meta = () => [{ title: 'Round · Croupier back office' }];

export default function RoundPage() {
  return (
    <Permitted permission="rounds:read">
      <Round />
    </Permitted>
  );
}

/** A round's replay (§8): `/rounds/<provider:round>`, opened from a player's rounds or a report. */
function Round() {
  const { roundId = '' } = useParams();
  const allows = useAllows();
  const round = useQuery({
    queryKey: ['rounds', roundId],
    queryFn: async () => (await api.reports.round({ params: { roundId } })).data,
    // A settled round does not change; a revealed seed does, so it is read again on the next visit.
    staleTime: 0,
  });
  const [provider, ...rest] = roundId.split(':');
  return (
    <>
      <p className="crumbs">
        {allows('players:read') && round.data ? (
          <Link to={`/players/${round.data.playerId}?tab=rounds`}>The player’s rounds</Link>
        ) : (
          'Rounds'
        )}
      </p>
      <header className="page-header">
        <div>
          <h1>Round {rest.length ? rest.join(':') : roundId}</h1>
          <p className="page-header__meta">
            {provider && rest.length ? `${provider} · ` : ''}
            <code>{roundId}</code>
          </p>
        </div>
      </header>
      {round.isPending ? (
        <Skeleton lines={8} label="Loading the round" />
      ) : round.error ? (
        <p className="form-message" role="alert">
          {problemOf(round.error).message}{' '}
          {!isClientError(round.error) && (
            <button type="button" className="button button--small" onClick={() => round.refetch()}>
              Retry
            </button>
          )}
        </p>
      ) : (
        <RoundReplayView round={round.data} canOpenPlayer={allows('players:read')} />
      )}
    </>
  );
}
