import { notFound } from '../lib/not-found.ts';
import type { Route } from './+types/game';

/** The game page: until the catalogue exists no game id resolves, so every id is a real 404. */
export async function loader({ request }: Route.LoaderArgs) {
  throw notFound(new URL(request.url).pathname);
}

export default function Game() {
  return null;
}
