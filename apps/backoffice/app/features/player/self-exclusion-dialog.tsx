import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { addMonths, todayUtc } from '../../lib/dates.ts';
import { formatDay } from '../../lib/format.ts';
import { exclusionChoice, MIN_MONTHS } from '../../lib/self-exclusion.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDialogProblem } from '../../ui/use-dialog-problem.ts';
import { playerKey } from './keys.ts';

/**
 * A self-exclusion on the player's request from support (decision 0114): at least 6 months, given as months or
 * an end day; in force at once, every session ended, lifted only by the limits' rules. Says the end day before
 * anyone confirms.
 */
export function SelfExclusionDialog({
  playerId,
  open,
  onOpenChange,
}: {
  playerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [mode, setMode] = useState<'months' | 'until'>('months');
  const [months, setMonths] = useState(String(MIN_MONTHS));
  const [until, setUntil] = useState('');
  const {
    problem,
    setProblem,
    onOpenChange: openChange,
    onError,
  } = useDialogProblem(onOpenChange, 'The self-exclusion was not applied');
  const choice = exclusionChoice(mode, months, until);
  const exclude = useMutation({
    mutationFn: (body: { months: number; reason: string } | { until: string; reason: string }) =>
      api.flags.selfExclusion({ params: { id: playerId }, body }),
    onSuccess: ({ data }) => {
      void client.invalidateQueries({ queryKey: playerKey(playerId) });
      toast.success(
        `Self-excluded until ${formatDay(data.endsAt)}; ${data.sessionsClosed} session${data.sessionsClosed === 1 ? '' : 's'} ended.`,
      );
      onOpenChange(false);
    },
    onError,
  });
  const localError = (field: 'months' | 'until') =>
    problem?.fields[field] ?? (choice.error?.field === field && problem ? choice.error.message : undefined);
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      title="Self-exclusion"
      description={`On the player's request: at least ${MIN_MONTHS} months, in force at once; every session ends. It cannot be lifted early.`}
      submitLabel="Apply self-exclusion"
      danger
      pending={exclude.isPending}
      problem={problem}
      onSubmit={(form) => {
        const reason = String(form.get('reason') ?? '');
        if (!choice.length) {
          setProblem({
            message: choice.error?.message ?? 'Check the length.',
            fields: choice.error ? { [choice.error.field]: choice.error.message } : {},
            code: null,
            status: 0,
          });
          return;
        }
        exclude.mutate({ ...choice.length, reason });
      }}
    >
      <fieldset className="switches">
        <legend>Length</legend>
        <label className="switch">
          <input
            type="radio"
            name="mode"
            value="months"
            checked={mode === 'months'}
            onChange={() => setMode('months')}
          />
          <span>Months</span>
        </label>
        <label className="switch">
          <input type="radio" name="mode" value="until" checked={mode === 'until'} onChange={() => setMode('until')} />
          <span>Until a day</span>
        </label>
      </fieldset>
      {mode === 'months' ? (
        <Field label="Months" name="months" error={localError('months')} hint={`Whole months, ${MIN_MONTHS} or more.`}>
          {(props) => (
            <input
              {...props}
              type="number"
              min={MIN_MONTHS}
              max={1200}
              step={1}
              value={months}
              onChange={(e) => setMonths(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field label="Until (UTC day)" name="until" error={localError('until')}>
          {(props) => (
            <input
              {...props}
              type="date"
              min={addMonths(new Date(), MIN_MONTHS)}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          )}
        </Field>
      )}
      <p className="muted" aria-live="polite" data-testid="exclusion-ends">
        {choice.endsOn ? `From today (${todayUtc()}) until ${choice.endsOn}.` : ''}
      </p>
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}
