import { ruleOrNotFound } from '../lib/route-rules.server.ts';
import type { Route } from './+types/catch-all';

/** /{slug}: a route rule or the spec's 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return ruleOrNotFound(context.api, new URL(request.url).pathname);
}

export default function CatchAll() {
  return null;
}
