import { issuesToFields } from '@croupier/contracts/issues';

/** A shared zod schema, as far as these helpers use it (the back office does not depend on zod itself). */
type Schema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: Parameters<typeof issuesToFields>[0] } };
};

/**
 * Form helpers of the catalogue editor. Lists (badges, countries) are typed as text, comma- or space-separated;
 * the forms check their body with the same zod schema as the server, so a mistake is shown beside its field
 * before anything is sent (the server checks again).
 */

/** "de, AT  fr" → ['de', 'AT', 'fr']; blank → []. */
export const listOf = (raw: FormDataEntryValue | null): string[] =>
  String(raw ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A whole number field; blank → undefined (unchanged), anything else → a number for the schema to judge. */
export const numberOf = (raw: FormDataEntryValue | null): number | undefined => {
  const text = String(raw ?? '').trim();
  return text === '' ? undefined : Number(text);
};

/** The first message per field of a body the schema refuses (`badges.0` shown on `badges`), or null when valid. */
export function fieldErrorsOf(schema: Schema, body: unknown): Record<string, string> | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const [path, messages] of Object.entries(issuesToFields(result.error?.issues ?? []))) {
    const field = path.split('.')[0]!;
    if (!fields[field] && messages[0]) fields[field] = messages[0];
  }
  return fields;
}

/** A server refusal's fields folded the same way (`countries.0` → `countries`). */
export function foldFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.')[0]!;
    out[field] ??= message;
  }
  return out;
}
