import { describe, expect, it } from 'vitest';
import {
  buildFieldRules,
  type FieldDefinition,
  productFieldRules,
  rulesForField,
  validateForm,
} from '../../src/validators/index.ts';

// Shaped like GET /api/player/fields/validations?scenario=registration (api-contract §2.1).
const registration: FieldDefinition[] = [
  { id: 1, name: 'email', description: 'E-mail', editable: true, isRequired: true, isVisible: true, position: 1 },
  { id: 2, name: 'password', description: 'Password', editable: true, isRequired: true, isVisible: true, position: 2 },
  {
    id: 3,
    name: 'password_confirmation',
    description: 'Repeat password',
    editable: true,
    isRequired: true,
    isVisible: true,
    position: 3,
  },
  { id: 4, name: 'currency', description: 'Currency', editable: true, isRequired: true, isVisible: false, position: 4 },
  { id: 5, name: 'country', description: 'Country', editable: true, isRequired: true, isVisible: false, position: 5 },
  {
    id: 6,
    name: 'firstName',
    description: 'First name',
    editable: true,
    isRequired: false,
    isVisible: true,
    position: 6,
  },
  {
    id: 7,
    name: 'birthdate',
    description: 'Birth date',
    editable: false,
    isRequired: true,
    isVisible: true,
    position: 7,
  },
  { id: 8, name: 'phone', description: 'Phone', editable: true, isRequired: false, isVisible: true, position: 8 },
  { id: 9, name: 'cpf_number', description: 'CPF', editable: true, isRequired: false, isVisible: true, position: 9 },
  { id: 10, name: 'age', description: 'Age', editable: true, isRequired: false, isVisible: true, position: 10 },
  { id: 11, name: 'agreements', description: 'Terms', editable: true, isRequired: true, isVisible: true, position: 11 },
  { id: 12, name: 'locale', description: 'Locale', editable: true, isRequired: false, isVisible: false, position: 12 },
  {
    id: 13,
    name: 'receiveEmailPromo',
    description: 'Promo by e-mail',
    editable: true,
    isRequired: false,
    isVisible: true,
    position: 13,
    value: 1,
  },
];

describe('buildFieldRules', () => {
  it('builds required plus the product table for every listed field', () => {
    expect(buildFieldRules(registration)).toEqual({
      email: [{ name: 'required' }, { name: 'email' }],
      password: [{ name: 'required' }, { name: 'min', params: { min: 6 } }],
      password_confirmation: [{ name: 'required' }, { name: 'same', params: { param: 'password' } }],
      currency: [{ name: 'required' }],
      country: [{ name: 'required' }],
      firstName: [{ name: 'min', params: { min: 2 } }],
      birthdate: [{ name: 'required' }, { name: 'date' }],
      phone: [{ name: 'phone' }],
      cpf_number: [{ name: 'cpf' }],
      age: [{ name: 'integer' }],
      agreements: [{ name: 'required' }],
      locale: [],
      receiveEmailPromo: [],
    });
  });

  it('gives the change-password fields their own required rules whatever the server says', () => {
    expect(rulesForField('currentPassword', false)).toEqual([{ name: 'required' }]);
    expect(rulesForField('newPassword', false)).toEqual([{ name: 'required' }, { name: 'min', params: { min: 6 } }]);
    expect(rulesForField('repeatNewPassword', true)).toEqual([
      { name: 'required' },
      { name: 'same', params: { param: 'newPassword' } },
    ]);
    expect(rulesForField('lastName', true)).toEqual([{ name: 'required' }, { name: 'min', params: { min: 2 } }]);
    expect(rulesForField('personalIdNumber', false)).toEqual([{ name: 'min', params: { min: 2 } }]);
  });

  it('does not let a caller mutate the shared table through the result', () => {
    const rules = rulesForField('password', false);
    rules.push({ name: 'alpha' });
    expect(productFieldRules.password).toEqual([{ name: 'min', params: { min: 6 } }]);
  });

  it('keeps odd server field names as plain keys', () => {
    const built = buildFieldRules([
      { name: '__proto__', isRequired: true },
      { name: 'constructor', isRequired: false },
    ]);
    expect(Object.keys(built)).toEqual(['__proto__', 'constructor']);
    expect(built.constructor).toEqual([]);
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
  });
});

describe('validateForm on the registration rules', () => {
  const rules = buildFieldRules(registration);
  const now = new Date(Date.UTC(2024, 5, 15));
  const valid = {
    email: 'player@example.com',
    password: 'secret1',
    password_confirmation: 'secret1',
    currency: 'EUR',
    country: 'DE',
    firstName: 'Jo',
    birthdate: '1990-05-17',
    phone: '4915123456789',
    cpf_number: '529.982.247-25',
    age: '34',
    agreements: 1,
    locale: 'en',
    receiveEmailPromo: 0,
  };

  it('returns no fields for a valid form', () => {
    expect(validateForm(rules, valid, undefined, { now })).toEqual({});
  });

  it('returns every failing field with its messages, in the error envelope shape', () => {
    const result = validateForm(
      rules,
      {
        ...valid,
        email: 'player@example',
        password: 'abc',
        password_confirmation: 'abd',
        country: '',
        firstName: 'J',
        birthdate: '2023-02-29',
        phone: '491234',
        cpf_number: '111.111.111-11',
        age: '34.5',
      },
      undefined,
      { now },
    );
    expect(result).toEqual({
      email: ['Enter a valid e-mail address.'],
      password: ['Must be at least 6.'],
      password_confirmation: ['Must match password.'],
      country: ['This field is required.'],
      firstName: ['Must be at least 2.'],
      birthdate: ['Enter a valid date.'],
      phone: ['Enter a valid phone number.'],
      cpf_number: ['Enter a valid CPF number.'],
      age: ['Enter a whole number.'],
    });
  });

  it('lists every failing rule of a field, required alone when the value is missing', () => {
    const twoFailures = {
      field: [{ name: 'min', params: { min: 6 } }, { name: 'alpha' }],
    } as const;
    expect(validateForm({ ...twoFailures }, { field: 'ab1' })).toEqual({
      field: ['Must be at least 6.', 'Use letters only.'],
    });
    // password reports only `required` (min is not run on nothing); its partner no longer matches.
    expect(validateForm(rules, { ...valid, password: undefined })).toEqual({
      password: ['This field is required.'],
      password_confirmation: ['Must match password.'],
    });
  });

  it('uses the given messages and labels', () => {
    const result = validateForm(
      rules,
      { ...valid, firstName: 'J', email: '' },
      { min: '{field}: mindestens {min} Zeichen.', required: '{field} fehlt.' },
      { now, labels: { firstName: 'Vorname' } },
    );
    expect(result).toEqual({ firstName: ['Vorname: mindestens 2 Zeichen.'], email: ['email fehlt.'] });
  });

  it('accepts a lookup function for messages', () => {
    const result = validateForm(rules, { ...valid, phone: '1' }, (key) => `[${key}] {reason}`, { now });
    expect(result).toEqual({ phone: ['[phone] TOO_SHORT'] });
  });
});
