/** A server-driven form value: text for inputs and selects, a boolean for checkboxes. */
export type FieldValue = string | boolean;

/** Checkbox fields of the server-driven forms (spec §3); sent as 1/0 on registration. */
export const CHECKBOX_FIELDS: ReadonlySet<string> = new Set([
  'agreements',
  'receiveEmailPromo',
  'receiveSmsPromo',
  'receiveBonus',
]);
