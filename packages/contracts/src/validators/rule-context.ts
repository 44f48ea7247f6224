import type { Rule } from './rule.ts';

/** What a rule may look at besides its own value. */
export interface RuleContext {
  /** Name of the field being validated (for `confirmed`). */
  field: string;
  /** Every value of the form, for rules that compare against another field. */
  values: Readonly<Record<string, unknown>>;
  /** The field's full rule list, so min/max can tell a numeric field from a text one. */
  rules: readonly Rule[];
  /** Injected so age rules are testable and server and browser agree on "today". */
  now: Date;
}

/** Pass, fail, or fail with a reason that becomes the `{reason}` message parameter. */
export type RuleOutcome = boolean | { reason: string };
