import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';

/**
 * Turns zod issues into the envelope's `fields`: request field name → readable messages. The server
 * has no locale (the client sends none), so messages are English; the UI shows its own translation
 * when it validates first with the same schema.
 */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = fields[key] ?? [];
    list.push(messageOf(issue));
    fields[key] = list;
  }
  return fields;
}

function messageOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return missing(issue) ? 'This field is required.' : `Must be ${article(issue.expected)} ${issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'This field is required.' : `Must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return `Must have at least ${issue.minimum} items.`;
      return `Must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Must have at most ${issue.maximum} items.`;
      return `Must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Must be a valid e-mail address.';
      if (issue.format === 'regex') return 'Has an invalid format.';
      return `Must be a valid ${issue.format}.`;
    case 'invalid_value':
      return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    default:
      return issue.message || 'Is invalid.';
  }
}

/**
 * Whether the field was absent. zod 4 leaves `input` out of issues unless asked (reportInput), so its
 * default message, "… received undefined", tells a missing field from a wrong type.
 */
const missing = (issue: z.core.$ZodIssue) =>
  issue.input !== undefined ? issue.input === null : /received (undefined|null)$/.test(issue.message);

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
