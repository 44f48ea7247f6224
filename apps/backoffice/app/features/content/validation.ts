import type { z } from 'zod';
import type { Problem } from '../../lib/errors.ts';

/** A schema's refusal as the server would answer it: the first message of each field, by dotted path. */
export function problemOfSchema(error: z.ZodError): Problem {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || 'form';
    fields[name] ??= issue.message;
  }
  return { message: 'Check the highlighted fields.', fields, code: 3, status: 422 };
}
