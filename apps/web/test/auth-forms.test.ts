import type { FormField, Profile } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import {
  availableTabs,
  fieldsForTab,
  filledValues,
  isRendered,
  registrationBody,
  registrationRules,
  valuesForRules,
} from '../app/features/auth/registration.ts';
import {
  initialValue,
  isLocked,
  profileFormFields,
  profileUpdateBody,
} from '../app/features/profile/profile-fields.ts';
import { validateFields } from '../app/shared/forms/validation.ts';

let nextId = 1;
const field = (name: string, over: Partial<FormField> = {}): FormField => ({
  id: nextId++,
  name,
  description: '',
  editable: true,
  isRequired: false,
  isVisible: true,
  position: 0,
  ...over,
});

const content = {
  'fields-settings': {
    validation: {
      required: 'Pflichtfeld.',
      min: 'Mindestens {min} Zeichen.',
      email: 'Ungültige E-Mail.',
      phone: 'Ungültige Nummer.',
      phoneTooShort: 'Zu kurz.',
      same: 'Stimmt nicht überein.',
    },
  },
};

describe('registration fields (api-contract §2.1)', () => {
  const server = [
    field('email', { isRequired: true }),
    field('phone'),
    field('password', { isRequired: true }),
    field('password_confirmation', { isRequired: true }),
    field('currency', { isVisible: false, isRequired: true }),
    field('country', { isVisible: false }),
    field('nickname', { isVisible: false }),
    field('locale', { isVisible: true }),
    field('captcha', { isVisible: false, isRequired: true }),
    field('agreements', { isRequired: true }),
  ];

  it('drops the other identifier and makes the tab one required and visible, keeping server order', () => {
    const email = fieldsForTab(server, 'email');
    expect(email.map((f) => f.name)).not.toContain('phone');
    const phone = fieldsForTab(server, 'phone');
    expect(phone.map((f) => f.name)).not.toContain('email');
    expect(phone.find((f) => f.name === 'phone')).toMatchObject({ isRequired: true, isVisible: true });
    expect(phone.map((f) => f.name)[0]).toBe('phone');
    // An identifier the server did not list is added first.
    expect(fieldsForTab([field('password')], 'phone').map((f) => f.name)).toEqual(['phone', 'password']);
  });

  it('renders visible fields only and never locale', () => {
    expect(
      fieldsForTab(server, 'email')
        .filter(isRendered)
        .map((f) => f.name),
    ).toEqual(['email', 'password', 'password_confirmation', 'agreements']);
  });

  it('fills hidden country, currency, nickname and locale; leaves other hidden fields out', () => {
    const fields = fieldsForTab(server, 'email');
    const filled = filledValues(
      fields,
      { email: 'lucky.luke@example.com', password: 'secret1', password_confirmation: 'secret1', agreements: true },
      { tab: 'email', locale: 'de', geoCountry: 'DE', geoCurrency: 'EUR' },
    );
    expect(filled).toMatchObject({ country: 'DE', currency: 'EUR', nickname: 'lucky.luke', locale: 'de' });
    expect(filled).not.toHaveProperty('captcha');
    const body = registrationBody(filled, { fingerprint: 'fp', affiliateTag: 'aff1', referralCode: '' });
    expect(body).toMatchObject({ agreements: 1, fingerprint: 'fp', affiliateTag: 'aff1', referralCode: '' });
    expect(
      registrationBody({ agreements: false }, { fingerprint: 'f', affiliateTag: null, referralCode: 'R' }),
    ).toEqual({ agreements: 0, fingerprint: 'f', referralCode: 'R' });
  });

  it('sends the phone as digits without +', () => {
    const body = registrationBody(
      { phone: '+49 151 23456789' },
      { fingerprint: '', affiliateTag: null, referralCode: '' },
    );
    expect(body.phone).toBe('4915123456789');
  });

  it('validates with the shared rules and translated messages; an unticked required box is missing', () => {
    const fields = fieldsForTab(server, 'email');
    const rules = registrationRules(fields);
    const filled = filledValues(
      fields,
      { email: 'nope', password: '123', password_confirmation: '456', agreements: false },
      { tab: 'email', locale: 'en', geoCountry: null, geoCurrency: 'EUR' },
    );
    const errors = validateFields(rules, valuesForRules(filled), content);
    expect(errors).toEqual({
      email: 'Ungültige E-Mail.',
      password: 'Mindestens 6 Zeichen.',
      password_confirmation: 'Stimmt nicht überein.',
      agreements: 'Pflichtfeld.',
    });
  });

  it('names the phone failure and falls back to English built-ins', () => {
    const errors = validateFields(
      { phone: [{ name: 'phone' }], age: [{ name: 'integer' }] },
      { phone: '+491', age: 'x' },
      content,
    );
    expect(errors.phone).toBe('Zu kurz.');
    expect(errors.age).toBe('Enter a whole number.');
  });

  it('lists the tabs the constants allow', () => {
    expect(availableTabs({ email: true, phone: true })).toEqual(['email', 'phone']);
    expect(availableTabs({ email: false, phone: true })).toEqual(['phone']);
    expect(availableTabs({ email: false, phone: false })).toEqual(['email']);
  });
});

describe('profile form (api-contract §2.1, §4)', () => {
  const profile = {
    id: 'p',
    email: 'a@b.co',
    firstName: 'Ann',
    lastName: null,
    birthdate: '1990-04-01 00:00:00',
    phone: '4915123456789',
    gender: 'female',
    receiveEmailPromo: true,
  } as unknown as Profile;

  it('never shows passwords or promo toggles', () => {
    const fields = ['password', 'password_confirmation', 'receiveSmsPromo', 'receiveEmailPromo', 'firstName'].map((n) =>
      field(n),
    );
    expect(profileFormFields(fields).map((f) => f.name)).toEqual(['firstName']);
  });

  it('locks non-editable fields only once they have a value', () => {
    expect(isLocked(field('firstName', { editable: false }), profile)).toBe(true);
    expect(isLocked(field('lastName', { editable: false }), profile)).toBe(false);
    expect(isLocked(field('firstName'), profile)).toBe(false);
  });

  it('starts from the profile and sends only changed, enabled fields', () => {
    expect(initialValue(profile, 'birthdate')).toBe('1990-04-01');
    expect(initialValue(profile, 'phone')).toBe('+4915123456789');
    const fields = [
      field('firstName', { editable: false }),
      field('lastName'),
      field('gender'),
      field('phone'),
      field('city'),
    ];
    const values = { firstName: 'Changed', lastName: ' Smith ', gender: '', phone: '+4915123456789', city: '' };
    expect(profileUpdateBody(fields, values, profile)).toEqual({ lastName: 'Smith', gender: null });
  });
});
