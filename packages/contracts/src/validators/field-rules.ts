import type { Rule } from './rule.ts';

/** An entry of `GET /api/player/fields/validations` (api-contract §2.1). The server sends no rules. */
export interface FieldDefinition {
  id: number;
  name: string;
  description: string;
  editable: boolean;
  isRequired: boolean;
  isVisible: boolean;
  position: number;
  value?: unknown;
}

const required: Rule = { name: 'required' };

/** The product's own per-field rules (spec §5 "Field rules", api-contract §2.1). */
export const productFieldRules: Readonly<Record<string, readonly Rule[]>> = {
  password: [{ name: 'min', params: { min: 6 } }],
  password_confirmation: [required, { name: 'same', params: { param: 'password' } }],
  currentPassword: [required],
  newPassword: [required, { name: 'min', params: { min: 6 } }],
  repeatNewPassword: [required, { name: 'same', params: { param: 'newPassword' } }],
  firstName: [{ name: 'min', params: { min: 2 } }],
  lastName: [{ name: 'min', params: { min: 2 } }],
  personalIdNumber: [{ name: 'min', params: { min: 2 } }],
  email: [{ name: 'email' }],
  phone: [{ name: 'phone' }],
  birthdate: [{ name: 'date' }],
  age: [{ name: 'integer' }],
  cpf_number: [{ name: 'cpf' }],
};

/** `required` first when the server asks for it, then the product's rules, without repeating `required`. */
export function rulesForField(name: string, isRequired: boolean): Rule[] {
  const own = Object.hasOwn(productFieldRules, name) ? (productFieldRules[name] ?? []) : [];
  const needsRequired = isRequired && !own.some((rule) => rule.name === 'required');
  return needsRequired ? [required, ...own] : [...own];
}

/**
 * Rules for every field the server listed, hidden ones included: hidden fields are filled in by the
 * client (country, currency, nickname, locale) and the server validates what arrives either way.
 */
export function buildFieldRules(
  fields: readonly Pick<FieldDefinition, 'name' | 'isRequired'>[],
): Record<string, Rule[]> {
  // fromEntries keeps a server-sent name such as "__proto__" an ordinary key.
  return Object.fromEntries(fields.map((field) => [field.name, rulesForField(field.name, field.isRequired)]));
}
