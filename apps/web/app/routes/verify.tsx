import { redirect } from 'react-router';
import type { Route } from './+types/verify';

/** E-mail confirmation link (api-contract §3.4): success goes to /?profile-confirmed=true, failure to /. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    await context.api.player.registerConfirm({ body: { code: params.confirmCode } });
  } catch {
    throw redirect('/');
  }
  throw redirect('/?profile-confirmed=true');
}

export default function Verify() {
  return null;
}
