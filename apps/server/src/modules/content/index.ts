// The content module as the app and other modules see it: the loaded content tree, its routes and its editor.

import type { ConfigBus } from '../../config-bus/index.ts';
import type { Db } from '../../db/client.ts';
import type { writeAudit as WriteAudit } from '../staff/index.ts';
import type { ContentEditorDeps } from './editor.ts';
import { overridesLoader } from './overrides.ts';
import type { ContentStore } from './store.ts';

export { contentEditorRoutes } from './backoffice-routes.ts';
export type { ContentEditorDeps } from './editor.ts';
export { renderMarkdown } from './render.ts';
export { contentRoutes } from './routes.ts';
export { type ContentStore, loadContentStore, mergeFallback } from './store.ts';

/**
 * Staff's edits over the shipped files (decision content-editor): read now, and again whenever a change
 * reaches this instance (the 'content' scope), so every instance serves them from memory.
 */
export async function startContentEditing({
  db,
  store,
  bus,
  log,
  writeAudit,
}: {
  db: Db;
  store: ContentStore;
  bus: ConfigBus;
  log: { error(obj: unknown, msg: string): void };
  /** The staff module's audit writer (passed in: the content module does not import the staff module). */
  writeAudit: typeof WriteAudit;
}): Promise<ContentEditorDeps> {
  const loader = overridesLoader(db, store);
  bus.on('content', () => {
    loader.reload().catch((error) => log.error({ err: error }, 'the content edits could not be reloaded'));
  });
  await loader.reload();
  return { db, store, loader, writeAudit };
}
