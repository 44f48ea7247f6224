import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ContentTree } from '@croupier/contracts';
import { defaultLocaleCode } from '@croupier/contracts/reference/index';
import { mergeFallback } from '../../content/index.ts';

/** Every message template; each has `title` and `body` under `templates` in content/<locale>/messages.json. */
export const messageTemplates = [
  'depositSucceeded',
  'depositFailed',
  'withdrawalSucceeded',
  'withdrawalFailed',
  'withdrawalCancelled',
  'withdrawalRejected',
  'kycDocumentApproved',
  'kycDocumentRejected',
  'kycDocumentRequested',
  'kycVerificationApproved',
  'kycVerificationRejected',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

/** Link labels, under `links` in the same document. */
export const messageLinks = ['paymentHistory', 'documents', 'verification'] as const;
export type MessageLink = (typeof messageLinks)[number];

export interface MessageTexts {
  templates: Partial<Record<string, { title?: string; body?: string }>>;
  links: Partial<Record<string, string>>;
}

/** The repository's content folder (as the content module reads it): texts ship with the code. */
const contentRoot = resolve(import.meta.dirname, '../../../../../../content');
const documentName = 'messages.json';

let byLocale: Map<string, MessageTexts> | null = null;

/**
 * The messages document of every locale, each merged over the default locale, so a key missing in a
 * translation still renders. Read once (content changes with a deploy, like the content module's).
 */
function load(): Map<string, MessageTexts> {
  const raw = new Map<string, ContentTree>();
  for (const entry of readdirSync(contentRoot, { withFileTypes: true })) {
    const file = join(contentRoot, entry.name, documentName);
    if (entry.isDirectory() && existsSync(file)) raw.set(entry.name, JSON.parse(readFileSync(file, 'utf8')));
  }
  const base = raw.get(defaultLocaleCode);
  if (!base) throw new Error(`content/${defaultLocaleCode}/${documentName} is missing`);
  const out = new Map<string, MessageTexts>();
  for (const [locale, tree] of raw) out.set(locale, mergeFallback(base, tree) as unknown as MessageTexts);
  return out;
}

/** The texts of `locale`, or of the default locale when it has none. */
export function messageTexts(locale: string): MessageTexts {
  byLocale ??= load();
  return byLocale.get(locale) ?? byLocale.get(defaultLocaleCode)!;
}
