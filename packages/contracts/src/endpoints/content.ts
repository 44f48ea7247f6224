import { z } from 'zod';
import { ContentDocument, ContentFolder, LocaleQuery, Page, PageFolder, PageSummary, RouteRule } from '../content.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';
import { CommunicationRequest } from '../notification.ts';

const tags = ['content'];

export const contentEndpoints = {
  document: defineEndpoint({
    method: 'GET',
    path: '/api/content/documents/:folder',
    auth: 'guest',
    summary:
      'A per-locale content folder (alerts, fields-settings, global-components, layout), default-locale fallback per key.',
    tags,
    params: z.object({ folder: ContentFolder }),
    query: LocaleQuery,
    response: dataOf(ContentDocument),
  }),
  pages: defineEndpoint({
    method: 'GET',
    path: '/api/content/pages/:folder',
    auth: 'guest',
    summary: 'Pages of a folder in the locale, ordered.',
    tags,
    params: z.object({ folder: PageFolder }),
    query: LocaleQuery,
    response: dataOf(z.array(PageSummary)),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/content/pages/:folder/:identity',
    auth: 'guest',
    summary: 'One page in the locale, or in the default locale when untranslated.',
    tags,
    params: z.object({ folder: PageFolder, identity: z.string().regex(/^[a-z0-9-]{1,80}$/) }),
    query: LocaleQuery,
    response: dataOf(Page),
  }),
  routeRule: defineEndpoint({
    method: 'GET',
    path: '/api/content/route-rules',
    auth: 'guest',
    summary: 'The redirect rule for a path, if any (external targets leave the site).',
    tags,
    query: z.object({ path: z.string().min(1).max(2048) }),
    response: dataOf(RouteRule.nullable()),
  }),
  communication: defineEndpoint({
    method: 'POST',
    path: '/api/notification/communications',
    auth: 'guest',
    summary: 'Contact form message; validated and stored for the support team.',
    tags: ['notification'],
    body: CommunicationRequest,
    response: dataOf(z.object({ message: z.string() })),
  }),
};
