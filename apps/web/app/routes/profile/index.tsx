import { redirect } from 'react-router';
import type { Route } from './+types/index';

/** /profile opens the personal info tab. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(`${url.pathname.replace(/\/$/, '')}/info${url.search}`);
}

export default function ProfileIndex() {
  return null;
}
