import { redirect } from 'react-router';
import type { Route } from './+types/verify';

/**
 * E-mail confirmation link (api-contract §3.4): success goes to /?profile-confirmed=true, failure to /.
 * Confirmation codes are issued by the accounts module; until it lands no code is valid.
 */
export function loader(_: Route.LoaderArgs) {
  throw redirect('/');
}

export default function Verify() {
  return null;
}
