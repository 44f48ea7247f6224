import { redirect } from 'react-router';
import type { Route } from './+types/password-reset';

/** Password-reset link → the reset-pass modal with its code (api-contract §3.4). */
export function loader({ params }: Route.LoaderArgs) {
  const query = new URLSearchParams({ 'reset-pass': 'true', resetCode: params.resetCode });
  throw redirect(`/?${query}`);
}

export default function PasswordReset() {
  return null;
}
