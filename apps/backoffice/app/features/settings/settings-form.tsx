import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { formatTime } from '../../lib/format.ts';
import { FormMessage, ReasonField } from '../../ui/field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StaffName } from '../../ui/staff-name.tsx';
import { useToast } from '../../ui/toast.tsx';

/** What every settings answer says of itself: its last change, none for the defaults. */
export interface SettingsChange {
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * One settings form's panel (decision 0115): its heading, a skeleton while the settings load, the refusal if
 * they do not, else the form. Keyed by the last change, so a save (or someone else's) refills the fields.
 */
export function SettingsPanel<T extends SettingsChange>({
  id,
  title,
  loading,
  settings,
  children,
}: {
  id: string;
  title: string;
  loading: string;
  settings: UseQueryResult<T>;
  children: (current: T) => ReactNode;
}) {
  return (
    <section className="panel panel--form" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {settings.isPending ? (
        <Skeleton lines={4} label={loading} />
      ) : settings.error ? (
        <p className="form-message" role="alert">
          {problemOf(settings.error).message}
        </p>
      ) : (
        <Fragment key={settings.data.updatedAt ?? 'default'}>{children(settings.data)}</Fragment>
      )}
    </section>
  );
}

/**
 * Saving one settings form: the answer replaces the cached settings and a toast says what was saved; a refusal
 * is kept for the form (beside its fields, else as its message) and a toast says what was not.
 */
export function useSettingsSave<B, R extends SettingsChange>({
  queryKey,
  save,
  saved,
  failure,
}: {
  queryKey: readonly unknown[];
  save: (body: B) => Promise<{ data: R }>;
  saved: (settings: R) => string;
  failure: string;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: ({ data }) => {
      client.setQueryData(queryKey, data);
      setProblem(null);
      toast.success(saved(data));
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`${failure}: ${found.message}`);
    },
  });
  return { save: mutation, problem, setProblem };
}

/** Who changed the settings last and when, or that they are the defaults. */
function LastChanged({ current }: { current: SettingsChange }) {
  return (
    <p className="muted">
      {current.updatedAt ? (
        <>
          Last changed {formatTime(current.updatedAt)} UTC
          {current.updatedBy && (
            <>
              {' '}
              by <StaffName id={current.updatedBy} />
            </>
          )}
          .
        </>
      ) : (
        'The defaults: nobody has changed them.'
      )}
    </p>
  );
}

/** One setting read back as a fact. */
export function Fact({ term, testId, children }: { term: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** What a role without `settings:write` sees: the settings as facts (`Fact`s), not inputs. */
export function SettingsFacts({ current, children }: { current: SettingsChange; children: ReactNode }) {
  return (
    <>
      <dl className="facts facts--inline">{children}</dl>
      <LastChanged current={current} />
      <p className="muted">Your role may read these settings, not change them.</p>
    </>
  );
}

/**
 * The editable form: its fields, then the reason every change needs (kept in the audit log), the refusal that
 * names no field, the last change and the save button, disabled while a save is out.
 */
export function SettingsForm({
  current,
  problem,
  pending,
  submitLabel,
  onSubmit,
  children,
}: {
  current: SettingsChange;
  problem: Problem | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (form: FormData, reason: string) => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        onSubmit(form, String(form.get('reason') ?? ''));
      }}
      noValidate
    >
      {children}
      <ReasonField error={problem?.fields.reason} />
      <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
      <LastChanged current={current} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
