import type { RetentionStatus } from '@croupier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field } from '../../ui/field.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { retentionKeys } from './keys.ts';

// What the four retention editors share: loading the object, saving and previewing it, a schema's refusal shown
// like the server's, amounts per currency, times in UTC, and the pause / resume / archive actions.

/**
 * The object an editor shows: loaded by its id (a skeleton meanwhile, the refusal in words), or none for a new
 * one. `children` renders the form, keyed by the load so a reload starts it again from the saved object.
 */
export function EditorLoader<V>({
  id,
  kind,
  label,
  load,
  children,
}: {
  id: string | null;
  kind: string;
  /** What is loading, for the skeleton ("the quest"). */
  label: string;
  load: (id: string) => Promise<V>;
  children: (view: V | null, reload: () => void, version: number) => ReactNode;
}) {
  const one = useQuery({ queryKey: retentionKeys.one(kind, id ?? 'new'), queryFn: () => load(id!), enabled: !!id });
  if (id && one.isPending) return <Skeleton lines={10} label={`Loading ${label}`} />;
  if (id && one.error) {
    return (
      <p className="form-message" role="alert">
        {problemOf(one.error).message}
      </p>
    );
  }
  return <>{children(id ? (one.data ?? null) : null, () => void one.refetch(), one.dataUpdatedAt)}</>;
}

/**
 * Saving and previewing an editor's object: a saved one invalidates the retention queries and says so, a new one
 * moves to its own address, a refusal lands on the fields (`problem`), and the preview is the player's shape.
 */
export function useEditorActions<Body, Saved, PreviewBody, Preview>({
  noun,
  savedMessage,
  save,
  preview,
  newAddress,
  queryKey = retentionKeys.all,
}: {
  /** "the quest": in the refusal's toast. */
  noun: string;
  savedMessage: (saved: Saved) => string;
  save: (body: Body) => Promise<{ data: Saved }>;
  preview: (body: PreviewBody) => Promise<{ data: Preview }>;
  /** Where a new object lives once saved; absent when there is only ever one (loyalty). */
  newAddress?: ((saved: Saved) => string) | undefined;
  queryKey?: readonly string[];
}) {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [shown, setShown] = useState<Preview | null>(null);
  const saving = useMutation({
    mutationFn: save,
    onSuccess: ({ data }) => {
      void client.invalidateQueries({ queryKey });
      toast.success(savedMessage(data));
      if (newAddress) navigate(newAddress(data));
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`${noun[0]!.toUpperCase()}${noun.slice(1)} was not saved: ${found.message}`);
    },
  });
  const previewing = useMutation({
    mutationFn: preview,
    onSuccess: ({ data }) => setShown(data),
    onError: (error) => setProblem(problemOf(error)),
  });
  return {
    problem,
    setProblem,
    fieldError: (name: string) => problem?.fields[name],
    preview: shown,
    save: saving,
    show: previewing,
  };
}

/** A schema's refusal as the server would answer it: the first message of each field, by dotted path. */
export function problemOfSchema(error: z.ZodError): Problem {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return { message: 'Check the highlighted fields.', fields, code: 3, status: 422 };
}

/** A number typed in a text box ('' is no number: the schema says what is missing). */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** An ISO time ⇄ the value of a `datetime-local` box, read as UTC (the back office speaks UTC). */
export const toLocalInput = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : '');
export const fromLocalInput = (value: string): string | null => (value ? `${value}:00.000Z` : null);

export interface AmountRow {
  currency: string;
  amount: string;
}
export const amountRows = (amounts: Record<string, number>): AmountRow[] =>
  Object.entries(amounts).map(([currency, amount]) => ({ currency, amount: String(amount) }));
export const amountsOf = (rows: AmountRow[]): Record<string, number> =>
  Object.fromEntries(
    rows.filter((r) => r.currency.trim()).map((r) => [r.currency.trim().toUpperCase(), numberOf(r.amount)]),
  );

/** Amounts per currency: a row per currency, added and removed. */
export function AmountsInput({
  label,
  name,
  rows,
  onChange,
  error,
}: {
  label: string;
  name: string;
  rows: AmountRow[];
  onChange: (rows: AmountRow[]) => void;
  error?: string | undefined;
}) {
  const set = (i: number, row: Partial<AmountRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...row } : r)));
  return (
    <fieldset className="amounts">
      <legend>{label}</legend>
      {error && <p className="field__error">{error}</p>}
      {rows.map((row, i) => (
        <div key={i} className="field-row">
          <Field label={`${label}: currency ${i + 1}`} name={`${name}.${i}.currency`}>
            {(props) => (
              <input
                {...props}
                value={row.currency}
                maxLength={10}
                onChange={(e) => set(i, { currency: e.target.value })}
              />
            )}
          </Field>
          <Field label={`${label}: amount ${i + 1}`} name={`${name}.${i}.amount`}>
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => set(i, { amount: e.target.value })}
              />
            )}
          </Field>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Remove {row.currency || `currency ${i + 1}`}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        onClick={() => onChange([...rows, { currency: 'EUR', amount: '' }])}
      >
        Add a currency
      </button>
    </fieldset>
  );
}

export const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  paused: 'paused',
  archived: 'archived',
  draft: 'paused (draft)',
  scheduled: 'scheduled',
  finished: 'finished',
  cancelled: 'archived',
};

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'active' || status === 'scheduled'
      ? 'ok'
      : status === 'archived' || status === 'cancelled'
        ? 'danger'
        : 'warn';
  return <span className={`badge badge--${tone}`}>{STATUS_WORDS[status] ?? status}</span>;
}

type Verb = 'pause' | 'resume' | 'archive';
const VERB_WORDS: Record<Verb, { label: string; done: string; description: string }> = {
  pause: {
    label: 'Pause',
    done: 'Paused: players no longer see it.',
    description: 'Players no longer see it; what is in flight goes on.',
  },
  resume: { label: 'Resume', done: 'Resumed: players see it again.', description: 'Players see it again.' },
  archive: { label: 'Archive', done: 'Archived.', description: 'For good: it cannot be resumed or edited afterwards.' },
};

/** Pause, resume and archive, each with its reason (audited). `status` says which apply. */
export function StatusActions({
  what,
  status,
  run,
  onDone,
}: {
  what: string;
  status: RetentionStatus | 'draft' | 'scheduled' | 'finished' | 'cancelled';
  run: (verb: Verb, reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [verb, setVerb] = useState<Verb | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const act = useMutation({
    mutationFn: ({ verb, reason }: { verb: Verb; reason: string }) => run(verb, reason),
    onSuccess: (_data, { verb }) => {
      setVerb(null);
      toast.success(VERB_WORDS[verb].done);
      void client.invalidateQueries({ queryKey: retentionKeys.all });
      onDone();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`Not done: ${found.message}`);
    },
  });
  const archived = status === 'archived' || status === 'cancelled' || status === 'finished';
  const paused = status === 'paused' || status === 'draft';
  const verbs: Verb[] = archived ? [] : paused ? ['resume', 'archive'] : ['pause', 'archive'];
  return (
    <div className="actions">
      {verbs.map((v) => (
        <button
          key={v}
          type="button"
          className={`button${v === 'archive' ? ' button--danger' : ''}`}
          onClick={() => {
            setProblem(null);
            setVerb(v);
          }}
        >
          {VERB_WORDS[v].label}
        </button>
      ))}
      <ReasonDialog
        open={verb !== null}
        onOpenChange={(open) => !open && setVerb(null)}
        title={verb ? `${VERB_WORDS[verb].label} ${what}` : ''}
        description={verb ? VERB_WORDS[verb].description : ''}
        submitLabel={verb ? VERB_WORDS[verb].label : ''}
        danger={verb === 'archive'}
        pending={act.isPending}
        problem={problem}
        onSubmit={(reason) => verb && act.mutate({ verb, reason })}
      />
    </div>
  );
}
