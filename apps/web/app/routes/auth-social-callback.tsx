import { redirect } from 'react-router';
import type { Route } from './+types/auth-social-callback';

/**
 * Return from a social provider (spec §2). No provider is configured until the accounts module
 * lands, so the callback cannot complete and opens sign-in, as the contract does for failures.
 */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`${params.lang ? `/${params.lang}` : ''}/?sign-in=true`);
}

export default function SocialCallback() {
  return null;
}
