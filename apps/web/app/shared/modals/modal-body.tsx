import { use } from 'react';
import { fetchContent, fetchedPathsOf } from '../i18n/content-store.ts';
import { coversPath } from '../i18n/content-tree.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { lazyModal } from './lazy-modal.ts';
import type { ModalDefinition, ModalProps } from './types.ts';

/**
 * A modal's inside: waits (suspends) until both its code and its text are in the browser, so it never
 * shows content keys. The server already has the text of modals opened by the address (root loader).
 */
export function ModalBody({ def, ...props }: ModalProps & { def: ModalDefinition }) {
  const { root, locale } = useI18n();
  const have = [...root.contentPaths, ...fetchedPathsOf(locale)];
  const missing = (def.content ?? []).filter((path) => !coversPath(have, path));
  if (missing.length > 0 && typeof document !== 'undefined') use(fetchContent(locale, missing));
  const Content = lazyModal(def);
  return <Content {...props} />;
}
