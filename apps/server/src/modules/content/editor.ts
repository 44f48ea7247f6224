import {
  ApiError,
  type ContentFolder,
  type ContentLocale,
  type CreatePageRequest,
  ErrorCode,
  type PageFolder,
  type PageSource,
  type SaveDocumentRequest,
  type SavePageRequest,
} from '@croupier/contracts';
import { changeConfig } from '../../config-bus/index.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
// Types only: the staff module's functions come in as dependencies (the staff module imports half the app).
import type { writeAudit as WriteAudit } from '../staff/index.ts';
import { deleteOverride, lockOverride, type OverridesLoader, putOverride } from './overrides.ts';
import type { ContentOverride, ContentStore } from './store.ts';
import { flatten } from './views.ts';

// Staff's changes to the content (issue 27). Each is one transaction through the config bus: the row, its
// audit row with before and after, and the 'content' event every instance reloads its edits on. The writer's
// own instance has reloaded by the time the call answers.

export interface ContentEditorDeps {
  db: Db;
  store: ContentStore;
  loader: OverridesLoader;
  writeAudit: typeof WriteAudit;
}

interface Change {
  staffId: string;
  reason: string;
}

const invalid = (fields: Record<string, string[]>) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);
const refused = (message: string) => ApiError.of(ErrorCode.alreadyDecided, message);

const PLACEHOLDER = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;
const placeholders = (text: string) => [...new Set(text.match(PLACEHOLDER) ?? [])].sort();

async function commit<T>(deps: ContentEditorDeps, fn: (tx: Db) => Promise<T>): Promise<T> {
  const result = await changeConfig(deps.db, ['content'], fn);
  await deps.loader.reload();
  return result;
}

/**
 * Sets texts of one document in one locale (null: back to the shipped text). Keys are the default locale's
 * texts, and a text keeps the placeholders the default one has ({sum}, {date}…): the site fills them in.
 */
export async function saveDocumentTexts(
  deps: ContentEditorDeps,
  locale: ContentLocale,
  folder: ContentFolder,
  { entries, reason }: SaveDocumentRequest,
  { staffId }: Pick<Change, 'staffId'>,
): Promise<void> {
  const state = deps.store.editor;
  const defaults = flatten(state.ownDocument(state.defaultLocale, folder));
  const shipped = flatten(state.shippedDocument(locale, folder));
  const fields: Record<string, string[]> = {};
  for (const [key, text] of Object.entries(entries)) {
    if (!(key in defaults)) fields[`entries.${key}`] = ['Unknown text key: the default locale has no such text.'];
    else if (text !== null && placeholders(text).join() !== placeholders(defaults[key]!).join()) {
      fields[`entries.${key}`] = [
        `Keep exactly the placeholders of the default text: ${placeholders(defaults[key]!).join(' ') || 'none'}.`,
      ];
    }
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);

  await commit(deps, async (tx) => {
    const current = await lockOverride(tx, locale, 'document', folder);
    const edited = { ...((current?.value ?? {}) as Record<string, string>) };
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    for (const [key, text] of Object.entries(entries)) {
      before[key] = edited[key] ?? shipped[key] ?? null;
      // A text set back to exactly the shipped one is no edit.
      if (text === null || text === shipped[key]) delete edited[key];
      else edited[key] = text;
      after[key] = edited[key] ?? shipped[key] ?? null;
    }
    if (Object.keys(edited).length === 0) await deleteOverride(tx, locale, 'document', folder);
    else await putOverride(tx, { locale, kind: 'document', key: folder, value: edited }, staffId);
    await deps.writeAudit(tx, {
      staffId,
      action: 'content.texts',
      targetType: 'content',
      targetId: `${locale}/${folder}`,
      reason,
      before,
      after,
    });
  });
}

/** The source as stored: a questions page has questions and no Markdown, another page the reverse. */
function sourceOf(folder: PageFolder, body: SavePageRequest): PageSource {
  const { title, description, order, bonusCode, markdown, items } = body;
  const common = { title, description: description ?? '', ...(order !== undefined ? { order } : {}) };
  if (folder === 'questions') {
    if (!items?.length) throw invalid({ items: ['A questions page needs at least one question.'] });
    return { ...common, items };
  }
  if (!markdown?.trim()) throw invalid({ markdown: ['Write the page.'] });
  // Only a bonus page has a claim button (decision 0076).
  return { ...common, ...(folder === 'bonus' && bonusCode ? { bonusCode } : {}), markdown };
}

const pageKey = (folder: PageFolder, identity: string) => `${folder}/${identity}`;

/** A page's state for the audit log, from its locked row: its source and whether it shows, null when none. */
function pageState(deps: ContentEditorDeps, locale: string, key: string, row: ContentOverride | null) {
  const source = row ? (row.value as PageSource) : (deps.store.editor.shippedPage(locale, key)?.source ?? null);
  return source ? { source, published: !row?.unpublished } : null;
}

/** A new page: its identity free in this locale, and known to the default locale first when it is another. */
export async function createPage(
  deps: ContentEditorDeps,
  locale: ContentLocale,
  body: CreatePageRequest,
  { staffId }: Pick<Change, 'staffId'>,
): Promise<void> {
  const state = deps.store.editor;
  const key = pageKey(body.folder, body.identity);
  if (state.pageKeys(locale).includes(key)) {
    throw invalid({ identity: ['A page with this address exists in this locale: edit it instead.'] });
  }
  if (locale !== state.defaultLocale && !state.ownPage(state.defaultLocale, key)) {
    throw invalid({ identity: [`Create the page in the default locale (${state.defaultLocale}) first.`] });
  }
  const source = sourceOf(body.folder, body);
  await commit(deps, async (tx) => {
    if (await lockOverride(tx, locale, 'page', key)) {
      throw invalid({ identity: ['A page with this address exists in this locale: edit it instead.'] });
    }
    await putOverride(tx, { locale, kind: 'page', key, value: source }, staffId);
    await deps.writeAudit(tx, {
      staffId,
      action: 'content.page.create',
      targetType: 'content',
      targetId: `${locale}/${key}`,
      reason: body.reason,
      before: null,
      after: { source, published: true },
    });
  });
}

/** Saves a page's text in a locale; an unpublished page is published again with it. */
export async function savePage(
  deps: ContentEditorDeps,
  locale: ContentLocale,
  folder: PageFolder,
  identity: string,
  body: SavePageRequest,
  { staffId }: Pick<Change, 'staffId'>,
): Promise<void> {
  const state = deps.store.editor;
  const key = pageKey(folder, identity);
  const known = state.pageKeys(locale).includes(key) || state.ownPage(state.defaultLocale, key) !== null;
  if (!known) throw notFound(`Page not found: ${locale}/${key}`);
  const source = sourceOf(folder, body);
  await commit(deps, async (tx) => {
    const before = pageState(deps, locale, key, await lockOverride(tx, locale, 'page', key));
    await putOverride(tx, { locale, kind: 'page', key, value: source }, staffId);
    await deps.writeAudit(tx, {
      staffId,
      action: 'content.page.save',
      targetType: 'content',
      targetId: `${locale}/${key}`,
      reason: body.reason,
      before,
      after: { source, published: true },
    });
  });
}

/** Withdraws a page in a locale (20005 when it does not show there). Its text is kept for publishing again. */
export async function unpublishPage(
  deps: ContentEditorDeps,
  locale: ContentLocale,
  folder: PageFolder,
  identity: string,
  { staffId, reason }: Change,
): Promise<void> {
  const state = deps.store.editor;
  const key = pageKey(folder, identity);
  const own = state.ownPage(locale, key);
  if (!own) {
    if (!state.pageKeys(locale).includes(key)) throw notFound(`Page not found: ${locale}/${key}`);
    throw refused('The page is already unpublished in this locale.');
  }
  await commit(deps, async (tx) => {
    const before = pageState(deps, locale, key, await lockOverride(tx, locale, 'page', key));
    await putOverride(tx, { locale, kind: 'page', key, value: own.source, unpublished: true }, staffId);
    await deps.writeAudit(tx, {
      staffId,
      action: 'content.page.unpublish',
      targetType: 'content',
      targetId: `${locale}/${key}`,
      reason,
      before,
      after: { source: own.source, published: false },
    });
  });
}

/** Drops staff's version of a page in a locale: the shipped file shows again, a created page is gone. */
export async function revertPage(
  deps: ContentEditorDeps,
  locale: ContentLocale,
  folder: PageFolder,
  identity: string,
  { staffId, reason }: Change,
): Promise<void> {
  const key = pageKey(folder, identity);
  await commit(deps, async (tx) => {
    const current = await lockOverride(tx, locale, 'page', key);
    if (!current) {
      if (!deps.store.editor.pageKeys(locale).includes(key)) throw notFound(`Page not found: ${locale}/${key}`);
      throw refused('The page is the shipped one: there is nothing to revert.');
    }
    const shipped = deps.store.editor.shippedPage(locale, key);
    await deleteOverride(tx, locale, 'page', key);
    await deps.writeAudit(tx, {
      staffId,
      action: 'content.page.revert',
      targetType: 'content',
      targetId: `${locale}/${key}`,
      reason,
      before: { source: current.value, published: !current.unpublished },
      after: shipped ? { source: shipped.source, published: true } : null,
    });
  });
}
