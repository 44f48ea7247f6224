import { Link } from 'react-router';
import { shortId } from '../lib/format.ts';

/** A row's player: a link to the 360, named by email when the list has it, the whole id on hover. */
export function PlayerLink({ id, email }: { id: string; email?: string | null | undefined }) {
  return (
    <Link to={`/players/${id}`} title={id}>
      {email ?? shortId(id)}
    </Link>
  );
}
