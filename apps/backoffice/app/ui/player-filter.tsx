import { Link } from 'react-router';
import { shortId } from '../lib/format.ts';

/** A queue filtered to one player (`?playerId=`): says so, links to the 360, and offers every player again. */
export function PlayerFilter({ playerId, onClear }: { playerId: string | undefined; onClear: () => void }) {
  if (!playerId) return null;
  return (
    <p className="filters__note">
      Player <Link to={`/players/${playerId}`}>{shortId(playerId)}</Link>{' '}
      <button type="button" className="button button--small button--ghost" onClick={onClear}>
        Show every player
      </button>
    </p>
  );
}
