import { endpoints } from '@croupier/contracts';
import { defaultLocale, isLocaleCode } from '@croupier/contracts/reference/index';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import type { ContentStore } from './store.ts';

export async function contentRoutes(app: FastifyInstance, { store }: { store: ContentStore }) {
  const e = endpoints.content;
  // An unknown locale is not an error for content: the reader gets the default locale's text.
  const localeOf = (q?: { locale?: string }) => {
    const l = q?.locale?.toLowerCase();
    return l && isLocaleCode(l) ? l : defaultLocale.code;
  };

  route(app, e.document, ({ params, query, reply }) => {
    const locale = localeOf(query);
    reply.header('cache-control', 'public, max-age=300');
    return { data: { folder: params.folder, locale, content: store.document(params.folder, locale) } };
  });
  route(app, e.pages, ({ params, query, reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return { data: store.pages(params.folder, localeOf(query)) };
  });
  route(app, e.page, ({ params, query, reply }) => {
    const page = store.page(params.folder, params.identity, localeOf(query));
    if (!page) throw notFound(`Page not found: ${params.folder}/${params.identity}`);
    reply.header('cache-control', 'public, max-age=300');
    return { data: page };
  });
  route(app, e.routeRule, ({ query }) => ({ data: store.routeRule(query!.path) }));
}
