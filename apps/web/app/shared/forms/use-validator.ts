import type { FieldRules } from '@croupier/contracts';
import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { validateFields } from './validation.ts';

/** validateFields bound to the current locale's content. */
export function useValidator() {
  const { content } = useI18n();
  return useCallback(
    (rules: FieldRules, values: Readonly<Record<string, unknown>>) => validateFields(rules, values, content),
    [content],
  );
}
