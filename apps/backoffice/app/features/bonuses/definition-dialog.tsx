import type { BonusDefinition, BonusKind } from '@croupier/contracts';
import { CreateBonusRequest, UpdateBonusRequest } from '@croupier/contracts/backoffice/bonuses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  amountsOf,
  amountsText,
  contributionsOf,
  contributionsText,
  fieldErrorsOf,
  foldFields,
  instantOf,
  listOf,
  localOf,
  numberOrNull,
} from './form-values.ts';
import { bonusKeys } from './keys.ts';

const KINDS: { value: BonusKind; label: string }[] = [
  { value: 'deposit', label: 'Deposit match' },
  { value: 'cash', label: 'Cash bonus' },
  { value: 'freespins', label: 'Free-spin campaign' },
  { value: 'cashback', label: 'Cashback (weekly)' },
];

/** The form's body: every field of the definition (an edit replaces it; the server audits before and after). */
function bodyOf(form: FormData, kind: BonusKind) {
  return {
    name: String(form.get('name') ?? ''),
    kind,
    enabled: form.get('enabled') === 'on',
    depositPercentage: numberOrNull(form.get('depositPercentage')),
    amounts: amountsOf(form.get('amounts')),
    maxAmounts: amountsOf(form.get('maxAmounts')),
    minDeposits: amountsOf(form.get('minDeposits')),
    maxDeposits: amountsOf(form.get('maxDeposits')),
    availableFrom: instantOf(form.get('availableFrom')),
    availableTo: instantOf(form.get('availableTo')),
    wagerMultiplier: numberOrNull(form.get('wagerMultiplier')) ?? 0,
    maxBets: amountsOf(form.get('maxBets')),
    maxWins: amountsOf(form.get('maxWins')),
    activationDays: numberOrNull(form.get('activationDays')) ?? 7,
    wageringDays: numberOrNull(form.get('wageringDays')) ?? 30,
    gameIds: listOf(form.get('gameIds')),
    gameIdsExcluded: form.get('gameIdsExcluded') !== 'only',
    providerIds: listOf(form.get('providerIds')),
    providerIdsExcluded: form.get('providerIdsExcluded') !== 'only',
    contributions: contributionsOf(form.get('contributions')),
    cancelLock: form.get('cancelLock') === 'on',
    reusable: form.get('reusable') === 'on',
    codeOnly: form.get('codeOnly') === 'on',
    freeSpinGame: String(form.get('freeSpinGame') ?? '').trim() || null,
    freeSpinCount: numberOrNull(form.get('freeSpinCount')),
    reason: String(form.get('reason') ?? ''),
  };
}

/**
 * Creates (`bonus` null) or edits a bonus definition, checked with the server's own schema before it is sent. An
 * edit applies to bonuses issued from now on: running ones keep the terms they were issued with.
 */
export function DefinitionDialog({
  open,
  bonus,
  onClose,
}: {
  open: boolean;
  bonus: BonusDefinition | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [kind, setKind] = useState<BonusKind>(bonus?.kind ?? 'deposit');
  useEffect(() => {
    if (open) {
      setKind(bonus?.kind ?? 'deposit');
      setProblem(null);
    }
  }, [open, bonus]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      bonus
        ? api.bonuses.update({ params: { id: bonus.id }, body: body as UpdateBonusRequest })
        : api.bonuses.create({ body: body as CreateBonusRequest }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name}: saved.`);
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
  const b = bonus;
  const text = (props: object, value: string, extra: object = {}) => (
    <input {...props} defaultValue={value} autoComplete="off" {...extra} />
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={b ? `Edit ${b.name}` : 'New bonus'}
      description={
        b
          ? 'The change applies to bonuses issued from now on. Bonuses already running keep the terms they were issued with.'
          : 'Amounts per currency in major units, e.g. "EUR 10, USD 11". A currency left out is not offered.'
      }
      submitLabel={b ? 'Save' : 'Create'}
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) => {
        const body = b ? bodyOf(form, kind) : { ...bodyOf(form, kind), identity: String(form.get('identity') ?? '') };
        const invalid = fieldErrorsOf(b ? UpdateBonusRequest : CreateBonusRequest, body);
        if (invalid) {
          setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
          return;
        }
        save.mutate(body);
      }}
    >
      <div className="field-row">
        {!b && (
          <Field label="Identity" name="identity" error={f.identity} hint="Stable key: lower-case, digits, dashes.">
            {(props) => text(props, '', { required: true, maxLength: 64 })}
          </Field>
        )}
        <Field label="Name" name="name" error={f.name}>
          {(props) => text(props, b?.name ?? '', { required: true, maxLength: 120 })}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Kind" name="kind" error={f.kind} hint={b ? 'The kind never changes.' : undefined}>
          {(props) => (
            <select
              {...props}
              value={kind}
              disabled={Boolean(b)}
              onChange={(e) => setKind(e.target.value as BonusKind)}
            >
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {(kind === 'deposit' || kind === 'cashback') && (
          <Field
            label={kind === 'deposit' ? 'Match (% of the deposit)' : 'Cashback (% of the net loss)'}
            name="depositPercentage"
            error={f.depositPercentage}
          >
            {(props) => text(props, String(b?.depositPercentage ?? ''), { type: 'number', min: 1, step: 1 })}
          </Field>
        )}
      </div>
      {(kind === 'cash' || kind === 'freespins') && (
        <Field
          label={kind === 'cash' ? 'Amount per currency' : 'Bet per spin, per currency'}
          name="amounts"
          error={f.amounts}
          hint="e.g. EUR 10, USD 11"
        >
          {(props) => text(props, amountsText(b?.amounts ?? {}))}
        </Field>
      )}
      {kind === 'freespins' && (
        <div className="field-row">
          <Field label="Game (identity)" name="freeSpinGame" error={f.freeSpinGame}>
            {(props) => text(props, b?.freeSpinGame ?? '')}
          </Field>
          <Field label="Number of spins" name="freeSpinCount" error={f.freeSpinCount}>
            {(props) => text(props, String(b?.freeSpinCount ?? ''), { type: 'number', min: 1, step: 1 })}
          </Field>
        </div>
      )}
      {kind === 'deposit' && (
        <>
          <div className="field-row">
            <Field label="Minimum deposit per currency" name="minDeposits" error={f.minDeposits} hint="e.g. EUR 10">
              {(props) => text(props, amountsText(b?.minDeposits ?? {}))}
            </Field>
            <Field label="Maximum deposit per currency" name="maxDeposits" error={f.maxDeposits} hint="Blank: none.">
              {(props) => text(props, amountsText(b?.maxDeposits ?? {}))}
            </Field>
          </div>
          <Field label="Bonus cap per currency" name="maxAmounts" error={f.maxAmounts} hint="e.g. EUR 100">
            {(props) => text(props, amountsText(b?.maxAmounts ?? {}))}
          </Field>
        </>
      )}
      <div className="field-row">
        <Field
          label={kind === 'freespins' ? 'Wagering of the winnings (×)' : 'Wagering (× the bonus)'}
          name="wagerMultiplier"
          error={f.wagerMultiplier}
        >
          {(props) => text(props, String(b?.wagerMultiplier ?? 30), { type: 'number', min: 0, step: 0.01 })}
        </Field>
        <Field label="Days to activate" name="activationDays" error={f.activationDays}>
          {(props) => text(props, String(b?.activationDays ?? 7), { type: 'number', min: 1, max: 365 })}
        </Field>
        <Field
          label={kind === 'freespins' ? 'Days to play' : 'Days to wager'}
          name="wageringDays"
          error={f.wageringDays}
        >
          {(props) => text(props, String(b?.wageringDays ?? 30), { type: 'number', min: 1, max: 365 })}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Max bet per currency" name="maxBets" error={f.maxBets} hint="Blank: none.">
          {(props) => text(props, amountsText(b?.maxBets ?? {}))}
        </Field>
        <Field label="Max win per currency" name="maxWins" error={f.maxWins} hint="Conversion cap; blank: none.">
          {(props) => text(props, amountsText(b?.maxWins ?? {}))}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Games" name="gameIds" error={f.gameIds} hint="Game identities, comma-separated.">
          {(props) => text(props, (b?.gameIds ?? []).join(', '))}
        </Field>
        <Field label="These games" name="gameIdsExcluded" error={f.gameIdsExcluded}>
          {(props) => (
            <select {...props} defaultValue={b && !b.gameIdsExcluded ? 'only' : 'except'}>
              <option value="except">do not count</option>
              <option value="only">are the only ones that count</option>
            </select>
          )}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Providers" name="providerIds" error={f.providerIds} hint="Provider ids, comma-separated.">
          {(props) => text(props, (b?.providerIds ?? []).join(', '))}
        </Field>
        <Field label="These providers" name="providerIdsExcluded" error={f.providerIdsExcluded}>
          {(props) => (
            <select {...props} defaultValue={b && !b.providerIdsExcluded ? 'only' : 'except'}>
              <option value="except">do not count</option>
              <option value="only">are the only ones that count</option>
            </select>
          )}
        </Field>
      </div>
      <Field
        label="Contributions (%)"
        name="contributions"
        error={f.contributions}
        hint="Per game, e.g. roulette 10, blackjack 5; others count 100 %."
      >
        {(props) => text(props, contributionsText(b?.contributions ?? {}))}
      </Field>
      <div className="field-row">
        <Field label="Available from (your time)" name="availableFrom" error={f.availableFrom}>
          {(props) => text(props, localOf(b?.availableFrom ?? null), { type: 'datetime-local' })}
        </Field>
        <Field label="Available until (your time)" name="availableTo" error={f.availableTo}>
          {(props) => text(props, localOf(b?.availableTo ?? null), { type: 'datetime-local' })}
        </Field>
      </div>
      <div className="field">
        <label className="switch">
          <input type="checkbox" name="enabled" defaultChecked={b?.enabled ?? true} /> Active (offered and issued)
        </label>
        <label className="switch">
          <input type="checkbox" name="cancelLock" defaultChecked={b?.cancelLock ?? false} /> Cancel lock once wagering
          has begun
        </label>
        <label className="switch">
          <input type="checkbox" name="reusable" defaultChecked={b?.reusable ?? false} /> Reusable (not once per player)
        </label>
        <label className="switch">
          <input type="checkbox" name="codeOnly" defaultChecked={b?.codeOnly ?? false} /> Deposit bonus by code only
          (not offered in the deposit form)
        </label>
      </div>
      <ReasonField error={f.reason} />
    </FormDialog>
  );
}
