import type { FormField } from '@croupier/contracts';
import { useI18n } from '../i18n/i18n.tsx';
import { CheckboxField } from './checkbox-field.tsx';
import { Field } from './field.tsx';
import { CHECKBOX_FIELDS, type FieldValue } from './field-kinds.ts';
import { InlineLinks } from './inline-links.tsx';
import type { ReferenceLists } from './reference-lists.ts';
import { SelectField } from './select-field.tsx';

const SELECT_FIELDS: ReadonlySet<string> = new Set(['gender', 'country', 'currency', 'timeZone', 'language', 'locale']);
/** Fields whose selects need the settings lists. */
export const needsLists = (fields: readonly Pick<FormField, 'name'>[]) =>
  fields.some((f) => ['country', 'currency', 'timeZone'].includes(f.name));

const INPUT: Readonly<Record<string, React.InputHTMLAttributes<HTMLInputElement>>> = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  password: { type: 'password', autoComplete: 'new-password' },
  password_confirmation: { type: 'password', autoComplete: 'new-password' },
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  nickname: { autoComplete: 'nickname' },
  birthdate: { type: 'date', autoComplete: 'bday' },
  city: { autoComplete: 'address-level2' },
  address: { autoComplete: 'address-line1' },
  additionalAddress: { autoComplete: 'address-line2' },
  postalCode: { autoComplete: 'postal-code' },
  age: { type: 'number', inputMode: 'numeric', min: 0, step: 1 },
  profession: { autoComplete: 'organization-title' },
};

interface Props {
  field: Pick<FormField, 'name'>;
  value: FieldValue;
  onChange: (name: string, value: FieldValue) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  lists: ReferenceLists;
}

/** One input of a server-driven form, chosen by the field name (spec §3 "Form field definitions"). */
export function DynamicField({ field, value, onChange, error, disabled, required, lists }: Props) {
  const { t, root } = useI18n();
  const { name } = field;
  const label = t(`fields-settings.fields.${name}.label`);
  const placeholder = t(`fields-settings.fields.${name}.placeholder`);
  const hintKey = `fields-settings.fields.${name}.hint`;
  const hint = t(hintKey) === hintKey ? undefined : t(hintKey);

  if (CHECKBOX_FIELDS.has(name)) {
    return (
      <CheckboxField
        name={name}
        label={<InlineLinks text={label} />}
        checked={value === true}
        onChange={(e) => onChange(name, e.currentTarget.checked)}
        error={error}
        disabled={disabled}
        required={required}
      />
    );
  }

  if (SELECT_FIELDS.has(name)) {
    const options =
      name === 'gender'
        ? (['male', 'female'] as const).map((g) => ({ value: g, label: t(`fields-settings.options.gender.${g}`) }))
        : name === 'country'
          ? lists.countries
              .map((c) => ({ value: c.code, label: c.name }))
              .sort((a, b) => a.label.localeCompare(b.label))
          : name === 'currency'
            ? lists.currencies.map((c) => ({ value: c.code, label: c.code }))
            : name === 'timeZone'
              ? lists.timeZones.map((z) => ({ value: z.id, label: z.name }))
              : root.locales.map((l) => ({ value: l.code, label: l.nativeName }));
    // A stored value not in the list yet (lists still loading) stays selectable.
    const withValue =
      typeof value === 'string' && value && !options.some((o) => o.value === value)
        ? [{ value, label: value }, ...options]
        : options;
    return (
      <SelectField
        name={name}
        label={label}
        placeholder={placeholder}
        options={withValue}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(name, e.currentTarget.value)}
        error={error}
        disabled={disabled}
        required={required}
      />
    );
  }

  return (
    <Field
      name={name}
      label={label}
      placeholder={INPUT[name]?.type === 'date' ? undefined : placeholder}
      hint={hint}
      multiline={name === 'message'}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(name, e.currentTarget.value)}
      error={error}
      disabled={disabled}
      required={required}
      {...INPUT[name]}
    />
  );
}
