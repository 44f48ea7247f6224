import { buildFieldRules, type FormField, type Profile } from '@croupier/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { DynamicField, needsLists } from '../../shared/forms/dynamic-field.tsx';
import type { FieldValue } from '../../shared/forms/field-kinds.ts';
import { useReferenceLists } from '../../shared/forms/reference-lists.ts';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { initialValue, isLocked, profileFormFields, profileUpdateBody } from './profile-fields.ts';

/** The personal-info form, built from the profile scenario fields (api-contract §2.1, §4). */
export function ProfileForm({
  fields: all,
  profile,
  onSaved,
}: {
  fields: FormField[];
  profile: Profile;
  onSaved: (p: Profile) => void;
}) {
  const t = useT();
  const validate = useValidator();
  const fields = useMemo(() => profileFormFields(all), [all]);
  const lists = useReferenceLists(needsLists(fields));
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initialValue(profile, f.name)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = (name: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
    setResult(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const editable = fields.filter((f) => !isLocked(f, profile));
    const forRules = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === false ? '' : v]));
    const found = validate(buildFieldRules(editable), forRules);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = profileUpdateBody(fields, values, profile);
    if (Object.keys(body).length === 0) {
      setResult('saved');
      return;
    }
    setBusy(true);
    try {
      const { data } = await browserApi().player.updateProfile({ body });
      onSaved(data);
      setResult('saved');
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
      else setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form card" noValidate onSubmit={submit}>
      {result === 'saved' && <Alert tone="success" text={t('global-components.profileInfo.saved')} />}
      {result === 'failed' && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      {fields.map((field) => (
        <DynamicField
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          onChange={onChange}
          error={errors[field.name]}
          disabled={isLocked(field, profile)}
          required={field.isRequired}
          lists={lists}
        />
      ))}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? t('global-components.common.loading') : t('global-components.profileInfo.save')}
      </button>
    </form>
  );
}
