import { z } from 'zod';
import {
  ContentDocumentView,
  ContentLocaleSummary,
  ContentPageRow,
  ContentPageView,
  ContentReasonRequest,
  CreatePageRequest,
  contentDocumentParams,
  contentLocaleParams,
  contentPageParams,
  MissingTranslations,
  PreviewAnswer,
  PreviewRequest,
  SaveDocumentRequest,
  SavePageRequest,
} from '../backoffice/content.ts';
import { SiteSettingsView, UpdateSiteSettingsRequest } from '../backoffice/site-settings.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';

// Content per locale and site settings (issue 27). Every change shows on the player API at once, on every
// instance, and is audited with its before and after.

const content = '/api/backoffice/content';

export const backofficeContentEndpoints = {
  locales: defineEndpoint({
    method: 'GET',
    path: `${content}/locales`,
    auth: 'staff',
    permission: 'content:write',
    summary:
      'Each locale with how many texts and pages it lacks against the default locale, and how many edits it has.',
    tags: ['backoffice'],
    response: dataOf(z.array(ContentLocaleSummary)),
  }),
  missing: defineEndpoint({
    method: 'GET',
    path: `${content}/:locale/missing`,
    auth: 'staff',
    permission: 'content:write',
    summary: 'Texts and pages present in the default locale but not in this one (the site shows the default there).',
    tags: ['backoffice'],
    params: contentLocaleParams,
    response: dataOf(MissingTranslations),
  }),
  document: defineEndpoint({
    method: 'GET',
    path: `${content}/:locale/documents/:folder`,
    auth: 'staff',
    permission: 'content:write',
    summary:
      "A JSON document's texts in a locale (alerts, global components with the error page, layout…), flattened, beside the default locale's.",
    tags: ['backoffice'],
    params: contentDocumentParams,
    response: dataOf(ContentDocumentView),
  }),
  saveDocument: defineEndpoint({
    method: 'PUT',
    path: `${content}/:locale/documents/:folder`,
    auth: 'staff',
    permission: 'content:write',
    summary: 'Sets texts of a document in a locale (null: back to the shipped text). Keys are the default locale’s.',
    tags: ['backoffice'],
    params: contentDocumentParams,
    body: SaveDocumentRequest,
    response: dataOf(ContentDocumentView),
  }),
  pages: defineEndpoint({
    method: 'GET',
    path: `${content}/:locale/pages`,
    auth: 'staff',
    permission: 'content:write',
    summary: 'The static, bonus and questions pages of a locale with where each comes from.',
    tags: ['backoffice'],
    params: contentLocaleParams,
    response: dataOf(z.array(ContentPageRow)),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${content}/:locale/pages/:folder/:identity`,
    auth: 'staff',
    permission: 'content:write',
    summary: "One page of a locale: its Markdown source, the default locale's beside it, and the HTML the site shows.",
    tags: ['backoffice'],
    params: contentPageParams,
    response: dataOf(ContentPageView),
  }),
  createPage: defineEndpoint({
    method: 'POST',
    path: `${content}/:locale/pages`,
    auth: 'staff',
    permission: 'content:write',
    summary: 'Creates a page (in the default locale first; another locale only translates an existing page).',
    tags: ['backoffice'],
    params: contentLocaleParams,
    body: CreatePageRequest,
    response: dataOf(ContentPageView),
  }),
  savePage: defineEndpoint({
    method: 'PUT',
    path: `${content}/:locale/pages/:folder/:identity`,
    auth: 'staff',
    permission: 'content:write',
    summary: "Saves a page's text in a locale (publishing it again if it was unpublished).",
    tags: ['backoffice'],
    params: contentPageParams,
    body: SavePageRequest,
    response: dataOf(ContentPageView),
  }),
  unpublishPage: defineEndpoint({
    method: 'POST',
    path: `${content}/:locale/pages/:folder/:identity/unpublish`,
    auth: 'staff',
    permission: 'content:write',
    summary:
      'Withdraws a page in a locale: in the default locale the page leaves the site in every locale; in another the default text shows.',
    tags: ['backoffice'],
    params: contentPageParams,
    body: ContentReasonRequest,
    response: dataOf(ContentPageView.nullable()),
  }),
  revertPage: defineEndpoint({
    method: 'POST',
    path: `${content}/:locale/pages/:folder/:identity/revert`,
    auth: 'staff',
    permission: 'content:write',
    summary: "Drops staff's version of a page in a locale: the shipped file shows again (a created page is removed).",
    tags: ['backoffice'],
    params: contentPageParams,
    body: ContentReasonRequest,
    response: dataOf(ContentPageView.nullable()),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: `${content}/preview`,
    auth: 'staff',
    permission: 'content:write',
    summary: 'Renders Markdown exactly as the site will show it (raw HTML shown as text, unsafe links dropped).',
    tags: ['backoffice'],
    body: PreviewRequest,
    response: dataOf(PreviewAnswer),
  }),
};

export const backofficeSiteSettingsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/settings/site',
    auth: 'staff',
    permission: 'settings:read',
    summary:
      'Restricted countries, sign-up modes, feature switches, offered currencies and payment methods per country, with the environment defaults.',
    tags: ['backoffice'],
    response: dataOf(SiteSettingsView),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/settings/site',
    auth: 'staff',
    permission: 'settings:write',
    summary: 'Changes the site settings; the player API and the restriction checks of every instance follow at once.',
    tags: ['backoffice'],
    body: UpdateSiteSettingsRequest,
    response: dataOf(SiteSettingsView),
  }),
};
