import type { LoyaltyEditorView } from '@croupier/contracts';
import { LoyaltyInput, LoyaltyRequest } from '@croupier/contracts/backoffice/retention';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { retentionKeys } from './keys.ts';
import { numberOf, problemOfSchema, useEditorActions } from './kit.tsx';
import { LoyaltyPreview } from './previews.tsx';

// The loyalty editor (issue 27): the whole programme at once — levels lowest first, each threshold above the
// one before (the first at 0), points per euro staked, and what share of a stake each game counts.

interface LoyaltyForm {
  levels: { name: string; points: string }[];
  pointsPerBaseUnit: string;
  defaultContribution: string;
  contributions: { game: string; percent: string }[];
}

const formOf = (v: LoyaltyEditorView): LoyaltyForm => ({
  levels:
    v.levels.length > 0
      ? v.levels.map((l) => ({ name: l.name, points: String(l.points) }))
      : [{ name: '', points: '0' }],
  pointsPerBaseUnit: String(v.pointsPerBaseUnit),
  defaultContribution: String(v.defaultContribution),
  contributions: v.contributions.map((c) => ({ game: c.game, percent: String(c.percent) })),
});

const inputOf = (f: LoyaltyForm) => ({
  levels: f.levels.map((l) => ({ name: l.name, points: numberOf(l.points) })),
  pointsPerBaseUnit: numberOf(f.pointsPerBaseUnit),
  defaultContribution: numberOf(f.defaultContribution),
  contributions: f.contributions.map((c) => ({ game: c.game, percent: numberOf(c.percent) })),
});

export function LoyaltyEditor() {
  const programme = useQuery({
    queryKey: retentionKeys.loyalty,
    queryFn: async () => (await api.retentionLoyalty.get()).data,
  });
  if (programme.isPending) return <Skeleton lines={8} label="Loading the loyalty programme" />;
  if (programme.error) {
    return (
      <p className="form-message" role="alert">
        {problemOf(programme.error).message}
      </p>
    );
  }
  return <LoyaltyForm key={programme.dataUpdatedAt} view={programme.data} />;
}

function LoyaltyForm({ view }: { view: LoyaltyEditorView }) {
  const [form, setForm] = useState(() => formOf(view));
  const set = (patch: Partial<LoyaltyForm>) => setForm((f) => ({ ...f, ...patch }));
  const setLevel = (i: number, patch: Partial<LoyaltyForm['levels'][number]>) =>
    setForm((f) => ({ ...f, levels: f.levels.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const setContribution = (i: number, patch: Partial<LoyaltyForm['contributions'][number]>) =>
    setForm((f) => ({ ...f, contributions: f.contributions.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));

  const { problem, setProblem, fieldError, preview, save, show } = useEditorActions({
    noun: 'the loyalty programme',
    savedMessage: () => 'The loyalty programme is saved: players see it now.',
    save: (body: LoyaltyRequest) => api.retentionLoyalty.update({ body }),
    preview: (body: LoyaltyInput) => api.retentionLoyalty.preview({ body }),
    queryKey: retentionKeys.loyalty,
  });
  const check = (extra: object, schema: typeof LoyaltyRequest | typeof LoyaltyInput) => {
    const parsed = schema.safeParse({ ...inputOf(form), ...extra });
    if (!parsed.success) {
      setProblem(problemOfSchema(parsed.error));
      return null;
    }
    setProblem(null);
    return parsed.data;
  };

  return (
    <div className="overview overview--editor">
      <form
        className="panel panel--form"
        noValidate
        aria-label="Loyalty programme"
        onSubmit={(event) => {
          event.preventDefault();
          const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
          const body = check({ reason }, LoyaltyRequest);
          if (body) save.mutate(body as LoyaltyRequest);
        }}
      >
        <fieldset>
          <legend>Levels, lowest first</legend>
          {fieldError('levels') && <p className="field__error">{fieldError('levels')}</p>}
          {form.levels.map((level, i) => (
            <div key={i} className="field-row">
              <Field label={`Level ${i + 1}: name`} name={`levels.${i}.name`} error={fieldError(`levels.${i}.name`)}>
                {(props) => (
                  <input {...props} value={level.name} onChange={(e) => setLevel(i, { name: e.target.value })} />
                )}
              </Field>
              <Field
                label={`Level ${i + 1}: points to reach it`}
                name={`levels.${i}.points`}
                error={fieldError(`levels.${i}.points`)}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={level.points}
                    onChange={(e) => setLevel(i, { points: e.target.value })}
                  />
                )}
              </Field>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => set({ levels: form.levels.filter((_, j) => j !== i) })}
              >
                Remove level {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button button--small"
            onClick={() => set({ levels: [...form.levels, { name: '', points: '' }] })}
          >
            Add a level
          </button>
        </fieldset>
        <fieldset>
          <legend>Contributions</legend>
          <div className="field-row">
            <Field label="Points per euro staked" name="pointsPerBaseUnit" error={fieldError('pointsPerBaseUnit')}>
              {(props) => (
                <input
                  {...props}
                  inputMode="decimal"
                  value={form.pointsPerBaseUnit}
                  onChange={(e) => set({ pointsPerBaseUnit: e.target.value })}
                />
              )}
            </Field>
            <Field
              label="Share of a stake that counts, by default (%)"
              name="defaultContribution"
              error={fieldError('defaultContribution')}
            >
              {(props) => (
                <input
                  {...props}
                  inputMode="numeric"
                  value={form.defaultContribution}
                  onChange={(e) => set({ defaultContribution: e.target.value })}
                />
              )}
            </Field>
          </div>
          {form.contributions.map((c, i) => (
            <div key={i} className="field-row">
              <Field
                label={`Game ${i + 1} (identity)`}
                name={`contributions.${i}.game`}
                error={fieldError(`contributions.${i}.game`)}
              >
                {(props) => (
                  <input {...props} value={c.game} onChange={(e) => setContribution(i, { game: e.target.value })} />
                )}
              </Field>
              <Field
                label={`Game ${i + 1}: share that counts (%)`}
                name={`contributions.${i}.percent`}
                error={fieldError(`contributions.${i}.percent`)}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={c.percent}
                    onChange={(e) => setContribution(i, { percent: e.target.value })}
                  />
                )}
              </Field>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => set({ contributions: form.contributions.filter((_, j) => j !== i) })}
              >
                Remove game {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button button--small"
            onClick={() => set({ contributions: [...form.contributions, { game: '', percent: '100' }] })}
          >
            Add a game
          </button>
        </fieldset>
        <ReasonField error={fieldError('reason')} />
        <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save the programme'}
          </button>
        </div>
      </form>
      <section aria-labelledby="loyalty-preview-heading">
        <h2 className="subheading" id="loyalty-preview-heading">
          What players will see
        </h2>
        <button
          type="button"
          className="button"
          disabled={show.isPending}
          onClick={() => {
            const body = check({}, LoyaltyInput);
            if (body) show.mutate(body as LoyaltyInput);
          }}
        >
          Show the player's view
        </button>
        {preview ? <LoyaltyPreview levels={preview} /> : <p className="muted">Not shown yet.</p>}
      </section>
    </div>
  );
}
