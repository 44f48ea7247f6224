import type { ModalRegistry } from './types.ts';

/**
 * The content paths of the modals a page address opens (`?sign-in=true`): the root loader sends them
 * with the page, so a modal reopened from the query renders on the server with its text (spec §2).
 */
export function openModalContent(params: URLSearchParams, registry: ModalRegistry): string[] {
  const paths = new Set<string>();
  for (const name of params.keys()) for (const path of registry.get(name)?.content ?? []) paths.add(path);
  return [...paths];
}
