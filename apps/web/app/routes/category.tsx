import { notFound } from '../lib/not-found.ts';
import type { Route } from './+types/category';

export async function loader({ request }: Route.LoaderArgs) {
  throw notFound(new URL(request.url).pathname);
}

export default function Category() {
  return null;
}
