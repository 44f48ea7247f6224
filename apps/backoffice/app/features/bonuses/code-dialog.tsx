import type { BonusCodeDefinition, BonusDefinition } from '@croupier/contracts';
import { CreateBonusCodeRequest, UpdateBonusCodeRequest } from '@croupier/contracts/backoffice/bonuses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, foldFields, instantOf, localOf, numberOrNull } from './form-values.ts';
import { bonusKeys } from './keys.ts';

function bodyOf(form: FormData) {
  return {
    bonusId: String(form.get('bonusId') ?? ''),
    triggers: form.getAll('triggers').map(Number) as (1 | 3)[],
    enabled: form.get('enabled') === 'on',
    maxUses: numberOrNull(form.get('maxUses')),
    maxUsesPerPeriod: numberOrNull(form.get('maxUsesPerPeriod')),
    periodHours: numberOrNull(form.get('periodHours')),
    validFrom: instantOf(form.get('validFrom')),
    validTo: instantOf(form.get('validTo')),
    reason: String(form.get('reason') ?? ''),
  };
}

/** Creates (`code` null) or edits a bonus code: its bonus, how it is used, its limits and window. */
export function CodeDialog({
  open,
  code,
  bonuses,
  onClose,
}: {
  open: boolean;
  code: BonusCodeDefinition | null;
  bonuses: readonly BonusDefinition[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    if (open) setProblem(null);
  }, [open]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      code
        ? api.bonuses.updateCode({ params: { code: code.code }, body: body as UpdateBonusCodeRequest })
        : api.bonuses.createCode({ body: body as CreateBonusCodeRequest }),
    onSuccess: ({ data }) => {
      toast.success(`${data.code}: saved.`);
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      onClose();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem({ ...found, fields: foldFields(found.fields) });
      toast.error(`Not saved: ${found.message}`);
    },
  });
  const f = problem?.fields ?? {};
  const c = code;
  const triggers = new Set(c?.triggers ?? [1]);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={c ? `Edit ${c.code}` : 'New bonus code'}
      description="Limits count applications (a code attached to the next deposit holds its use). Paused, archived, outside its window or used up, the code answers “not available”; bonuses already issued run on."
      submitLabel={c ? 'Save' : 'Create'}
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) => {
        const body = c ? bodyOf(form) : { ...bodyOf(form), code: String(form.get('code') ?? '') };
        const invalid = fieldErrorsOf(c ? UpdateBonusCodeRequest : CreateBonusCodeRequest, body);
        if (invalid) {
          setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
          return;
        }
        save.mutate(body);
      }}
    >
      {!c && (
        <Field label="Code" name="code" error={f.code} hint="What players type: letters, digits, dashes; 3 to 32.">
          {(props) => <input {...props} required maxLength={32} autoComplete="off" />}
        </Field>
      )}
      <Field label="Bonus" name="bonusId" error={f.bonusId}>
        {(props) => (
          <select {...props} defaultValue={c?.bonusId ?? ''} required>
            <option value="">Choose a bonus</option>
            {bonuses
              .filter((b) => b.kind !== 'cashback')
              .map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} ({b.kind})
                </option>
              ))}
          </select>
        )}
      </Field>
      <fieldset className="field">
        <legend>How players use it</legend>
        <label className="switch">
          <input type="checkbox" name="triggers" value="1" defaultChecked={triggers.has(1)} /> Applied at once (the
          promo box)
        </label>
        <label className="switch">
          <input type="checkbox" name="triggers" value="3" defaultChecked={triggers.has(3)} /> With the next deposit
        </label>
        {f.triggers && <p className="field__error">{f.triggers}</p>}
      </fieldset>
      <div className="field-row">
        <Field label="Uses in all" name="maxUses" error={f.maxUses} hint="Blank: no limit.">
          {(props) => <input {...props} type="number" min={1} step={1} defaultValue={c?.maxUses ?? ''} />}
        </Field>
        <Field label="Uses per period" name="maxUsesPerPeriod" error={f.maxUsesPerPeriod} hint="With the period.">
          {(props) => <input {...props} type="number" min={1} step={1} defaultValue={c?.maxUsesPerPeriod ?? ''} />}
        </Field>
        <Field label="Period (hours)" name="periodHours" error={f.periodHours} hint="e.g. 24: per rolling day.">
          {(props) => <input {...props} type="number" min={1} step={1} defaultValue={c?.periodHours ?? ''} />}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Valid from (your time)" name="validFrom" error={f.validFrom}>
          {(props) => <input {...props} type="datetime-local" defaultValue={localOf(c?.validFrom ?? null)} />}
        </Field>
        <Field label="Valid until (your time)" name="validTo" error={f.validTo}>
          {(props) => <input {...props} type="datetime-local" defaultValue={localOf(c?.validTo ?? null)} />}
        </Field>
      </div>
      <div className="field">
        <label className="switch">
          <input type="checkbox" name="enabled" defaultChecked={c?.enabled ?? true} /> Active
        </label>
      </div>
      <ReasonField error={f.reason} />
    </FormDialog>
  );
}
