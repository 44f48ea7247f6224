import type { TournamentEditorView } from '@croupier/contracts';
import { TournamentInput, TournamentRequest } from '@croupier/contracts/backoffice/retention';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import {
  EditorLoader,
  fromLocalInput,
  numberOf,
  problemOfSchema,
  StatusActions,
  StatusBadge,
  toLocalInput,
  useEditorActions,
} from './kit.tsx';
import { TournamentPreview } from './previews.tsx';

// The tournament editor (issue 27): schedule, games (collections), scoring (type and rate) and prizes by
// place. Once it has started, only the title may change (the server refuses the rest, 409 20005): the other
// fields are shown read-only.

interface PrizeForm {
  type: number;
  title: string;
  currency: string;
  amount: string;
  bonusId: string;
}
interface TournamentForm {
  identity: string;
  title: string;
  type: number;
  startAt: string;
  endAt: string;
  confirmationRequired: boolean;
  collections: string;
  excluded: boolean;
  minAmount: string;
  rate: string;
  prizes: PrizeForm[];
  /** Fields the form does not edit, sent back as they are. */
  rest: Pick<TournamentEditorView, 'conditions' | 'rates'> | null;
}

const formOf = (v: TournamentEditorView | null): TournamentForm => ({
  identity: v?.identity ?? '',
  title: v?.title ?? '',
  type: v?.type ?? 1,
  startAt: toLocalInput(v?.startAt),
  endAt: toLocalInput(v?.endAt),
  confirmationRequired: v?.confirmationRequired ?? false,
  collections: (v?.conditions.gameCollections ?? ['slots']).join(', '),
  excluded: v?.conditions.gameCollectionsExcluded ?? false,
  minAmount: v?.conditions.minAmount !== undefined ? String(v.conditions.minAmount) : '',
  rate: String(v?.rates.baseCurrencyRate ?? 1),
  prizes: v
    ? v.prizes.map((p) => ({
        type: p.type,
        title: p.title,
        currency: p.currency ?? '',
        amount: p.amount === null ? '' : String(p.amount),
        bonusId: p.bonusId ?? '',
      }))
    : [{ type: 1, title: '', currency: 'EUR', amount: '', bonusId: '' }],
  rest: v ? { conditions: v.conditions, rates: v.rates } : null,
});

function inputOf(f: TournamentForm) {
  const collections = f.collections
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const conditions = {
    ...(f.rest?.conditions ?? {}),
    gameCollections: collections,
    ...(collections.length > 0 ? { gameCollectionsExcluded: f.excluded } : {}),
    ...(f.minAmount.trim() ? { minAmount: numberOf(f.minAmount), minAmountOp: 'gte' as const } : {}),
  };
  if (!f.minAmount.trim()) {
    delete (conditions as { minAmount?: number }).minAmount;
    delete (conditions as { minAmountOp?: string }).minAmountOp;
  }
  if (collections.length === 0) delete (conditions as { gameCollectionsExcluded?: boolean }).gameCollectionsExcluded;
  return {
    identity: f.identity.trim(),
    title: f.title,
    type: f.type,
    startAt: fromLocalInput(f.startAt),
    endAt: fromLocalInput(f.endAt),
    confirmationRequired: f.confirmationRequired,
    conditions,
    rates: { ...(f.rest?.rates ?? {}), baseCurrencyRate: numberOf(f.rate) },
    prizes: f.prizes.map((p, i) =>
      p.type === 3
        ? { place: i + 1, type: p.type, title: p.title, bonusId: p.bonusId.trim() || null }
        : {
            place: i + 1,
            type: p.type,
            title: p.title,
            currency: p.currency.trim().toUpperCase() || null,
            amount: p.amount.trim() ? numberOf(p.amount) : null,
          },
    ),
  };
}

export function TournamentEditor({ id }: { id: string | null }) {
  return (
    <EditorLoader
      id={id}
      kind="tournaments"
      label="the tournament"
      load={async (tournamentId) => (await api.retentionTournaments.get({ params: { id: tournamentId } })).data}
    >
      {(view, reload, version) => <TournamentForm key={version} view={view} onReload={reload} />}
    </EditorLoader>
  );
}

function TournamentForm({ view, onReload }: { view: TournamentEditorView | null; onReload: () => void }) {
  const [form, setForm] = useState(() => formOf(view));
  const fixed = Boolean(view?.started) || view?.status === 'cancelled';
  const set = (patch: Partial<TournamentForm>) => setForm((f) => ({ ...f, ...patch }));
  const setPrize = (i: number, patch: Partial<PrizeForm>) =>
    setForm((f) => ({ ...f, prizes: f.prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));

  const { problem, setProblem, fieldError, preview, save, show } = useEditorActions({
    noun: 'the tournament',
    savedMessage: (saved: { title: string }) => `“${saved.title}” saved.`,
    save: (body: TournamentRequest) =>
      view
        ? api.retentionTournaments.update({ params: { id: view.id }, body })
        : api.retentionTournaments.create({ body }),
    preview: (body: TournamentInput) => api.retentionTournaments.preview({ body }),
    newAddress: view ? undefined : (saved) => `/retention/tournaments/${saved.id}`,
  });
  const check = (extra: object, schema: typeof TournamentRequest | typeof TournamentInput) => {
    const parsed = schema.safeParse({ ...inputOf(form), ...extra });
    if (!parsed.success) {
      setProblem(problemOfSchema(parsed.error));
      return null;
    }
    setProblem(null);
    return parsed.data;
  };

  return (
    <>
      <header className="page-header">
        <div>
          <h1>{view ? view.title : 'New tournament'}</h1>
          <p className="page-header__meta">
            <Link to="/retention?tab=tournaments">Tournaments</Link>
            {view && (
              <>
                {' '}
                · <code>{view.identity}</code> <StatusBadge status={view.status} />
                {view.started && ' · started: its scoring, games, prizes and dates are fixed; the title may change'}
              </>
            )}
          </p>
        </div>
        {view && !view.started && (
          <StatusActions
            what="the tournament"
            status={view.status}
            run={(verb, reason) => api.retentionTournaments[verb]({ params: { id: view.id }, body: { reason } })}
            onDone={onReload}
          />
        )}
      </header>
      <div className="overview overview--editor">
        <form
          className="panel panel--form"
          noValidate
          aria-label="Tournament"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
            const body = check({ reason }, TournamentRequest);
            if (body) save.mutate(body as TournamentRequest);
          }}
        >
          <Field label="Title" name="title" error={fieldError('title')}>
            {(props) => <input {...props} value={form.title} onChange={(e) => set({ title: e.target.value })} />}
          </Field>
          <fieldset disabled={fixed}>
            <legend>Schedule and scoring{fixed ? ' (fixed)' : ''}</legend>
            <div className="field-row">
              <Field label="Identity (its address)" name="identity" error={fieldError('identity')}>
                {(props) => (
                  <input
                    {...props}
                    value={form.identity}
                    autoComplete="off"
                    onChange={(e) => set({ identity: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Starts (UTC)" name="startAt" error={fieldError('startAt')}>
                {(props) => (
                  <input
                    {...props}
                    type="datetime-local"
                    value={form.startAt}
                    onChange={(e) => set({ startAt: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Ends (UTC)" name="endAt" error={fieldError('endAt')}>
                {(props) => (
                  <input
                    {...props}
                    type="datetime-local"
                    value={form.endAt}
                    onChange={(e) => set({ endAt: e.target.value })}
                  />
                )}
              </Field>
            </div>
            <div className="field-row">
              <Field label="Points" name="type" error={fieldError('type')}>
                {(props) => (
                  <select {...props} value={form.type} onChange={(e) => set({ type: Number(e.target.value) })}>
                    <option value={1}>by stake (stake × rate)</option>
                    <option value={2}>by win multiplier</option>
                  </select>
                )}
              </Field>
              <Field
                label="Points per euro staked (rate)"
                name="rates.baseCurrencyRate"
                error={fieldError('rates.baseCurrencyRate')}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={form.rate}
                    onChange={(e) => set({ rate: e.target.value })}
                  />
                )}
              </Field>
              <Field
                label="Least stake that counts (EUR, empty: any)"
                name="conditions.minAmount"
                error={fieldError('conditions.minAmount')}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    value={form.minAmount}
                    onChange={(e) => set({ minAmount: e.target.value })}
                  />
                )}
              </Field>
            </div>
            <div className="field-row">
              <Field
                label="Game collections (comma-separated, empty: every game)"
                name="conditions.gameCollections"
                error={fieldError('conditions.gameCollections')}
              >
                {(props) => (
                  <input {...props} value={form.collections} onChange={(e) => set({ collections: e.target.value })} />
                )}
              </Field>
              <label className="checkbox">
                <input type="checkbox" checked={form.excluded} onChange={(e) => set({ excluded: e.target.checked })} />{' '}
                Every game but these
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={form.confirmationRequired}
                  onChange={(e) => set({ confirmationRequired: e.target.checked })}
                />{' '}
                Players must join first
              </label>
            </div>
          </fieldset>
          <fieldset disabled={fixed}>
            <legend>Prizes by place{fixed ? ' (fixed)' : ''}</legend>
            {fieldError('prizes') && <p className="field__error">{fieldError('prizes')}</p>}
            {form.prizes.map((p, i) => (
              <div key={i} className="field-row change">
                <Field
                  label={`Place ${i + 1}: kind`}
                  name={`prizes.${i}.type`}
                  error={fieldError(`prizes.${i}.type`) ?? fieldError(`prizes.${i}.place`)}
                >
                  {(props) => (
                    <select {...props} value={p.type} onChange={(e) => setPrize(i, { type: Number(e.target.value) })}>
                      <option value={1}>Cash</option>
                      <option value={2}>Bonus money</option>
                      <option value={3}>A bonus definition</option>
                    </select>
                  )}
                </Field>
                <Field
                  label={`Place ${i + 1}: title`}
                  name={`prizes.${i}.title`}
                  error={fieldError(`prizes.${i}.title`)}
                >
                  {(props) => (
                    <input {...props} value={p.title} onChange={(e) => setPrize(i, { title: e.target.value })} />
                  )}
                </Field>
                {p.type === 3 ? (
                  <Field
                    label={`Place ${i + 1}: bonus definition id`}
                    name={`prizes.${i}.bonusId`}
                    error={fieldError(`prizes.${i}.bonusId`)}
                  >
                    {(props) => (
                      <input
                        {...props}
                        value={p.bonusId}
                        autoComplete="off"
                        onChange={(e) => setPrize(i, { bonusId: e.target.value })}
                      />
                    )}
                  </Field>
                ) : (
                  <>
                    <Field
                      label={`Place ${i + 1}: currency`}
                      name={`prizes.${i}.currency`}
                      error={fieldError(`prizes.${i}.currency`)}
                    >
                      {(props) => (
                        <input
                          {...props}
                          value={p.currency}
                          maxLength={10}
                          onChange={(e) => setPrize(i, { currency: e.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      label={`Place ${i + 1}: amount`}
                      name={`prizes.${i}.amount`}
                      error={fieldError(`prizes.${i}.amount`)}
                    >
                      {(props) => (
                        <input
                          {...props}
                          inputMode="decimal"
                          value={p.amount}
                          onChange={(e) => setPrize(i, { amount: e.target.value })}
                        />
                      )}
                    </Field>
                  </>
                )}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => set({ prizes: form.prizes.filter((_, j) => j !== i) })}
                >
                  Remove place {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                set({ prizes: [...form.prizes, { type: 1, title: '', currency: 'EUR', amount: '', bonusId: '' }] })
              }
            >
              Add a place
            </button>
          </fieldset>
          <ReasonField error={fieldError('reason')} />
          <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
          <div className="form-actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={save.isPending || view?.status === 'cancelled'}
            >
              {save.isPending ? 'Saving…' : view ? 'Save' : 'Create'}
            </button>
          </div>
        </form>
        <section aria-labelledby="tournament-preview-heading">
          <h2 className="subheading" id="tournament-preview-heading">
            What players will see
          </h2>
          <button
            type="button"
            className="button"
            disabled={show.isPending}
            onClick={() => {
              const body = check({}, TournamentInput);
              if (body) show.mutate(body as TournamentInput);
            }}
          >
            Show the player's view
          </button>
          {preview ? <TournamentPreview tournament={preview} /> : <p className="muted">Not shown yet.</p>}
        </section>
      </div>
    </>
  );
}
