/** A date value, or the name of another field in the form whose value is the date. */
export type DateReference = string | number | Date;

/** Parameters of each rule; `undefined` where a rule takes none. Keys double as message placeholders. */
export interface RuleParamsMap {
  // Requiredness: the only rules that run on an empty value.
  required: undefined;
  /** Required when the field `other` equals `value` (or any of the values, when an array is given). */
  required_if: { other: string; value: unknown };

  // Product validators (spec §5).
  countryCode: undefined;
  languageCode: undefined;
  callingCode: undefined;
  lowercase: undefined;
  uppercase: undefined;
  yesLike: undefined;
  noLike: undefined;
  booleanLike: undefined;
  date: undefined;
  after: { param: DateReference };
  afterOrEqual: { param: DateReference };
  before: { param: DateReference };
  beforeOrEqual: { param: DateReference };
  slug: undefined;
  array: undefined;
  phone: undefined;
  cpf: undefined;
  tagManagerId: undefined;

  // Generic rules (spec §5), Laravel names and semantics.
  min: { min: number };
  max: { max: number };
  digits: { param: number };
  digits_between: { min: number; max: number };
  regex: { pattern: RegExp | string };
  not_regex: { pattern: RegExp | string };
  minAge: { min: number };
  maxAge: { max: number };
  date_equals: { param: DateReference };
  different: { param: string };
  /** Defaults to the `<field>_confirmation` partner, as in Laravel. */
  confirmed: { param?: string } | undefined;
  same: { param: string };
  string: undefined;
  alpha: undefined;
  numeric: undefined;
  integer: undefined;
  ip: { version?: 4 | 6 } | undefined;
  mac_address: undefined;
  url: { protocols?: readonly string[] } | undefined;
  accepted: undefined;
  declined: undefined;
  email: undefined;
}

export type RuleName = keyof RuleParamsMap;

/** `{ name, params }`; params may be left out only where the rule can do without them. */
export type Rule = {
  [K in RuleName]: undefined extends RuleParamsMap[K]
    ? { name: K; params?: RuleParamsMap[K] }
    : { name: K; params: RuleParamsMap[K] };
}[RuleName];

export type RuleOf<K extends RuleName> = Extract<Rule, { name: K }>;
