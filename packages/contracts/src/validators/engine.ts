import { isEmpty } from './empty.ts';
import { createMessageLookup, formatMessage, type MessageLookup, type MessageTable } from './messages.ts';
import type { Rule, RuleName } from './rule.ts';
import { type RuleCheck, ruleChecks } from './rule-checks.ts';
import type { RuleContext } from './rule-context.ts';

/** A failed rule: `key` selects the message, `params` fill its placeholders. */
export interface ValidationFailure {
  rule: RuleName;
  key: string;
  params: Record<string, unknown>;
}

export interface ValidateOptions {
  /** The field being validated; needed by `confirmed`. */
  field?: string;
  /** Reference time for age rules; defaults to the current time. */
  now?: Date;
}

export type FieldRules = Readonly<Record<string, readonly Rule[]>>;

export interface ValidateFormOptions {
  now?: Date;
  /** Human names for `{field}`; the field name is used when absent. */
  labels?: Readonly<Record<string, string>>;
}

/** Runs one rule. Non-implicit rules pass on an empty value without being consulted (spec §5). */
export function checkRule(rule: Rule, value: unknown, context: RuleContext): ValidationFailure | null {
  // The registry is keyed by the same union as Rule, so the pairing of check and params is sound.
  const definition = ruleChecks[rule.name] as RuleCheck<unknown>;
  if (!definition.implicit && isEmpty(value)) return null;
  const outcome = definition.check(value, rule.params, context);
  if (outcome === true) return null;
  const params: Record<string, unknown> = { ...rule.params };
  if (typeof outcome === 'object') params.reason = outcome.reason;
  return { rule: rule.name, key: rule.name, params };
}

function collect(
  rules: readonly Rule[],
  value: unknown,
  context: RuleContext,
  firstOnly: boolean,
): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  for (const rule of rules) {
    const failure = checkRule(rule, value, context);
    if (!failure) continue;
    failures.push(failure);
    if (firstOnly) break;
  }
  return failures;
}

/** The first failing rule for one value, in rule order, or null when every rule passes. */
export function validateValue(
  rules: readonly Rule[],
  value: unknown,
  allValues: Readonly<Record<string, unknown>> = {},
  options: ValidateOptions = {},
): ValidationFailure | null {
  const context: RuleContext = { field: options.field ?? '', values: allValues, rules, now: options.now ?? new Date() };
  return collect(rules, value, context, true)[0] ?? null;
}

/**
 * Validates a whole form. The result has the shape of the error envelope's `fields` (api-contract §1.4),
 * so a client-side failure and a server 422 are shown the same way. Every failing rule contributes a
 * message, as Laravel reports them; fields that pass are left out.
 */
export function validateForm(
  fieldRules: FieldRules,
  values: Readonly<Record<string, unknown>>,
  messages: MessageTable | MessageLookup = createMessageLookup(),
  options: ValidateFormOptions = {},
): Record<string, string[]> {
  const lookup = typeof messages === 'function' ? messages : createMessageLookup(messages);
  const now = options.now ?? new Date();
  const entries: [string, string[]][] = [];
  for (const [field, rules] of Object.entries(fieldRules)) {
    const value = Object.hasOwn(values, field) ? values[field] : undefined;
    const failures = collect(rules, value, { field, values, rules, now }, false);
    if (failures.length === 0) continue;
    const label = options.labels && Object.hasOwn(options.labels, field) ? options.labels[field] : field;
    entries.push([
      field,
      failures.map((failure) => formatMessage(lookup(failure.key), { field: label, ...failure.params })),
    ]);
  }
  // fromEntries defines own properties, so a server-sent field named "__proto__" stays a plain key.
  return Object.fromEntries(entries);
}
