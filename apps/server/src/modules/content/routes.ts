import { createHash } from 'node:crypto';
import { endpoints } from '@croupier/contracts';
import { defaultLocale, isLocaleCode } from '@croupier/contracts/reference/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import type { ContentStore } from './store.ts';

/**
 * Staff edit content at run time (decision 0126): a browser or CDN may keep an answer but asks again each time
 * (`no-cache`), and an unchanged text costs a 304 by its ETag, so a visitor never reads an edit minutes late.
 */
function revalidated<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T | FastifyReply {
  const tag = `"${createHash('sha1').update(JSON.stringify(answer)).digest('base64url')}"`;
  reply.header('cache-control', 'public, no-cache').header('etag', tag);
  const asked = request.headers['if-none-match'];
  const tags = (asked ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes(tag) || asked?.trim() === '*' ? reply.code(304).send() : answer;
}

export async function contentRoutes(app: FastifyInstance, { store }: { store: ContentStore }) {
  const e = endpoints.content;
  // An unknown locale is not an error for content: the reader gets the default locale's text.
  const localeOf = (q?: { locale?: string }) => {
    const l = q?.locale?.toLowerCase();
    return l && isLocaleCode(l) ? l : defaultLocale.code;
  };

  route(app, e.document, async ({ params, query, request, reply }) => {
    const locale = localeOf(query);
    const content = store.document(params.folder, locale);
    return revalidated(request, reply, { data: { folder: params.folder, locale, content } });
  });
  route(app, e.pages, async ({ params, query, request, reply }) =>
    revalidated(request, reply, { data: store.pages(params.folder, localeOf(query)) }),
  );
  route(app, e.page, async ({ params, query, request, reply }) => {
    const page = store.page(params.folder, params.identity, localeOf(query));
    if (!page) throw notFound(`Page not found: ${params.folder}/${params.identity}`);
    return revalidated(request, reply, { data: page });
  });
  route(app, e.routeRule, ({ query }) => ({ data: store.routeRule(query!.path) }));
}
