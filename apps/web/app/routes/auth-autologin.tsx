import { redirect } from 'react-router';
import type { Route } from './+types/auth-autologin';

/**
 * Autologin by token (api-contract §3.1): any failure opens sign-in. Token sessions arrive with the
 * accounts module; until then no token can be valid, so every visit takes the failure path.
 */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`${params.lang ? `/${params.lang}` : ''}/?sign-in=true`);
}

export default function AutoLogin() {
  return null;
}
