import { issuesToFields } from '@croupier/contracts/issues';

/** A shared zod schema, as far as these helpers use it (the back office does not depend on zod itself). */
type Schema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: Parameters<typeof issuesToFields>[0] } };
};

// Form values of the bonuses editor. Amounts per currency are typed as "EUR 10, USD 11"; lists as comma- or
// space-separated text. The body is checked with the server's own zod schema before it is sent.

/** "EUR 10, usd 11.5" → { EUR: 10, USD: 11.5 }; a pair that does not read is NaN, for the schema to refuse. */
export function amountsOf(raw: FormDataEntryValue | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of String(raw ?? '').split(/[,;\n]+/)) {
    const text = part.trim();
    if (!text) continue;
    const match = text.match(/^([A-Za-z]{3,5})\s*[:=]?\s*(\S+)$/);
    if (match) out[match[1]!.toUpperCase()] = Number(match[2]);
    else out[text.toUpperCase()] = Number.NaN;
  }
  return out;
}

export const amountsText = (map: Record<string, number>) =>
  Object.entries(map)
    .map(([currency, amount]) => `${currency} ${amount}`)
    .join(', ');

/** "slot-1 50, roulette 10" → { 'slot-1': 50, roulette: 10 }. */
export function contributionsOf(raw: FormDataEntryValue | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of String(raw ?? '').split(/[,;\n]+/)) {
    const [game, percent] = part.trim().split(/\s+/);
    if (game) out[game] = Number(percent);
  }
  return out;
}

export const contributionsText = (map: Record<string, number>) =>
  Object.entries(map)
    .map(([game, percent]) => `${game} ${percent}`)
    .join(', ');

export const listOf = (raw: FormDataEntryValue | null): string[] =>
  String(raw ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A number field; blank → null. */
export const numberOrNull = (raw: FormDataEntryValue | null): number | null => {
  const text = String(raw ?? '').trim();
  return text === '' ? null : Number(text);
};

/** A `datetime-local` value (the staff member's time) → ISO in UTC; blank → null. */
export const instantOf = (raw: FormDataEntryValue | null): string | null => {
  const text = String(raw ?? '').trim();
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
};

/** ISO → a `datetime-local` value in the staff member's time. */
export const localOf = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The first message per field of a body the schema refuses (`amounts.EUR` shown on `amounts`), or null. */
export function fieldErrorsOf(schema: Schema, body: unknown): Record<string, string> | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  return foldFields(
    Object.fromEntries(
      Object.entries(issuesToFields(result.error?.issues ?? [])).map(([path, messages]) => [path, messages[0] ?? '']),
    ),
  );
}

/** A refusal's fields folded to the form's inputs (`amounts.EUR` → `amounts`). */
export function foldFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.')[0]!;
    if (message) out[field] ??= message;
  }
  return out;
}
