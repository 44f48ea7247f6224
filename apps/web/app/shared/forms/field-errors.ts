import type { z } from 'zod';
import type { Translate } from '../i18n/translate.ts';

/**
 * The same schema the server validates with, checked in the browser first; issues become the
 * visitor's language through fields-settings.validation.{rule} with {min} and {max} filled in.
 */
export function translateIssues(issues: readonly z.core.$ZodIssue[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (out[field]) continue;
    out[field] = t(`fields-settings.validation.${ruleOf(issue)}`, {
      min: String((issue as { minimum?: unknown }).minimum ?? ''),
      max: String((issue as { maximum?: unknown }).maximum ?? ''),
    });
  }
  return out;
}

function ruleOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return 'required';
    case 'too_small':
      return Number(issue.minimum) <= 1 && issue.origin === 'string' ? 'required' : 'min';
    case 'too_big':
      return 'max';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'regex';
    default:
      return 'regex';
  }
}

/** Server answers carry messages per field already; the first one is shown (api-contract §1.4). */
export const firstMessages = (fields: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
