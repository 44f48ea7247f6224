import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import type { staffOf as StaffOf } from '../staff/index.ts';
import {
  type ContentEditorDeps,
  createPage,
  revertPage,
  saveDocumentTexts,
  savePage,
  unpublishPage,
} from './editor.ts';
import { renderMarkdown } from './render.ts';
import { documentView, localeSummaries, missingTranslations, pageRows, pageView } from './views.ts';

const e = backofficeEndpoints.content;

/** The back office's content editor (issue 27): content:write reads and changes, each change audited. */
export async function contentEditorRoutes(
  app: FastifyInstance,
  { staffOf, ...deps }: ContentEditorDeps & { staffOf: typeof StaffOf },
): Promise<void> {
  const state = deps.store.editor;
  const page = (locale: Parameters<typeof pageView>[1], folder: Parameters<typeof pageView>[2], identity: string) =>
    pageView(state, locale, folder, identity);

  route(app, e.locales, () => ({ data: localeSummaries(state) }));
  route(app, e.missing, ({ params }) => ({ data: missingTranslations(state, params.locale) }));
  route(app, e.document, ({ params }) => ({ data: documentView(state, params.locale, params.folder) }));
  route(app, e.saveDocument, async ({ request, params, body }) => {
    await saveDocumentTexts(deps, params.locale, params.folder, body, { staffId: staffOf(request).staffId });
    return { data: documentView(state, params.locale, params.folder) };
  });
  route(app, e.pages, ({ params }) => ({ data: pageRows(state, params.locale) }));
  route(app, e.page, ({ params }) => {
    const view = page(params.locale, params.folder, params.identity);
    if (!view) throw notFound(`Page not found: ${params.locale}/${params.folder}/${params.identity}`);
    return { data: view };
  });
  route(app, e.createPage, async ({ request, params, body }) => {
    await createPage(deps, params.locale, body, { staffId: staffOf(request).staffId });
    return { data: page(params.locale, body.folder, body.identity)! };
  });
  route(app, e.savePage, async ({ request, params, body }) => {
    await savePage(deps, params.locale, params.folder, params.identity, body, { staffId: staffOf(request).staffId });
    return { data: page(params.locale, params.folder, params.identity)! };
  });
  route(app, e.unpublishPage, async ({ request, params, body }) => {
    const change = { staffId: staffOf(request).staffId, reason: body.reason };
    await unpublishPage(deps, params.locale, params.folder, params.identity, change);
    return { data: page(params.locale, params.folder, params.identity) };
  });
  route(app, e.revertPage, async ({ request, params, body }) => {
    const change = { staffId: staffOf(request).staffId, reason: body.reason };
    await revertPage(deps, params.locale, params.folder, params.identity, change);
    return { data: page(params.locale, params.folder, params.identity) };
  });
  // The site's own renderer: the preview is what players will see.
  route(app, e.preview, ({ body }) => ({ data: { html: renderMarkdown(body.markdown) } }));
}
