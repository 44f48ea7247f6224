import type { WheelEditorView } from '@croupier/contracts';
import { WHEEL_WEIGHT_TOTAL, WheelInput, WheelRequest } from '@croupier/contracts/backoffice/retention';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import {
  type AmountRow,
  AmountsInput,
  amountRows,
  amountsOf,
  EditorLoader,
  fromLocalInput,
  numberOf,
  problemOfSchema,
  StatusActions,
  StatusBadge,
  toLocalInput,
  useEditorActions,
} from './kit.tsx';
import { WheelPreview } from './previews.tsx';

// The wheel editor (issue 27): sectors with weights in hundredths of a percent that must add up to exactly
// 10 000 (100 %), each shown as the percentage players see; spin rules (daily, per deposit).

type PrizeType = 'none' | 'real' | 'bonus' | 'points';
interface SectorForm {
  title: string;
  weight: string;
  prizeType: PrizeType;
  amounts: AmountRow[];
  points: string;
  bonusId: string;
}
interface WheelForm {
  identity: string;
  title: string;
  startAt: string;
  endAt: string;
  dailySpins: string;
  depositSpins: string;
  depositSpinDays: string;
  depositMin: AmountRow[];
  sectors: SectorForm[];
}

const blankSector = (weight = ''): SectorForm => ({
  title: '',
  weight,
  prizeType: 'none',
  amounts: [],
  points: '',
  bonusId: '',
});

const formOf = (v: WheelEditorView | null): WheelForm => ({
  identity: v?.identity ?? '',
  title: v?.title ?? '',
  startAt: toLocalInput(v?.startAt ?? new Date().toISOString()),
  endAt: toLocalInput(v?.endAt),
  dailySpins: String(v?.dailySpins ?? 1),
  depositSpins: String(v?.depositSpins ?? 0),
  depositSpinDays: String(v?.depositSpinDays ?? 7),
  depositMin: amountRows(v?.depositMin ?? {}),
  sectors: v
    ? v.sectors.map((s) => ({
        title: s.title,
        weight: String(s.weight),
        prizeType: s.prizeType,
        amounts: amountRows(s.amounts),
        points: s.points ? String(s.points) : '',
        bonusId: s.bonusId ?? '',
      }))
    : [blankSector('5000'), blankSector('5000')],
});

const inputOf = (f: WheelForm) => ({
  identity: f.identity.trim(),
  title: f.title,
  startAt: fromLocalInput(f.startAt),
  endAt: fromLocalInput(f.endAt),
  dailySpins: numberOf(f.dailySpins),
  depositSpins: numberOf(f.depositSpins),
  depositSpinDays: numberOf(f.depositSpinDays),
  depositMin: amountsOf(f.depositMin),
  sectors: f.sectors.map((s) => ({
    title: s.title,
    weight: numberOf(s.weight),
    prizeType: s.prizeType,
    amounts: amountsOf(s.amounts),
    points: s.points.trim() ? numberOf(s.points) : 0,
    bonusId: s.bonusId.trim() || null,
  })),
});

export function WheelEditor({ id }: { id: string | null }) {
  return (
    <EditorLoader
      id={id}
      kind="wheels"
      label="the wheel"
      load={async (wheelId) => (await api.retentionWheels.get({ params: { id: wheelId } })).data}
    >
      {(view, reload, version) => <WheelForm key={version} view={view} onReload={reload} />}
    </EditorLoader>
  );
}

function WheelForm({ view, onReload }: { view: WheelEditorView | null; onReload: () => void }) {
  const [form, setForm] = useState(() => formOf(view));
  const archived = view?.status === 'archived';
  const set = (patch: Partial<WheelForm>) => setForm((f) => ({ ...f, ...patch }));
  const setSector = (i: number, patch: Partial<SectorForm>) =>
    setForm((f) => ({ ...f, sectors: f.sectors.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
  const total = form.sectors.reduce((sum, s) => sum + (Number(s.weight) || 0), 0);

  const { problem, setProblem, fieldError, preview, save, show } = useEditorActions({
    noun: 'the wheel',
    savedMessage: (saved: { title: string }) => `“${saved.title}” saved.`,
    save: (body: WheelRequest) =>
      view ? api.retentionWheels.update({ params: { id: view.id }, body }) : api.retentionWheels.create({ body }),
    preview: (body: WheelInput) => api.retentionWheels.preview({ body }),
    newAddress: view ? undefined : (saved) => `/retention/wheels/${saved.id}`,
  });
  const check = (extra: object, schema: typeof WheelRequest | typeof WheelInput) => {
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
          <h1>{view ? view.title : 'New wheel'}</h1>
          <p className="page-header__meta">
            <Link to="/retention?tab=wheels">Wheels</Link>
            {view && (
              <>
                {' '}
                · <code>{view.identity}</code> <StatusBadge status={view.status} />
              </>
            )}
          </p>
        </div>
        {view && (
          <StatusActions
            what="the wheel"
            status={view.status}
            run={(verb, reason) => api.retentionWheels[verb]({ params: { id: view.id }, body: { reason } })}
            onDone={onReload}
          />
        )}
      </header>
      <div className="overview overview--editor">
        <form
          className="panel panel--form"
          noValidate
          aria-label="Wheel"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
            const body = check({ reason }, WheelRequest);
            if (body) save.mutate(body as WheelRequest);
          }}
        >
          <fieldset disabled={archived}>
            <legend>The wheel</legend>
            <div className="field-row">
              <Field label="Identity" name="identity" error={fieldError('identity')}>
                {(props) => (
                  <input
                    {...props}
                    value={form.identity}
                    autoComplete="off"
                    onChange={(e) => set({ identity: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Title" name="title" error={fieldError('title')}>
                {(props) => <input {...props} value={form.title} onChange={(e) => set({ title: e.target.value })} />}
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
              <Field label="Ends (UTC, empty: never)" name="endAt" error={fieldError('endAt')}>
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
              <Field label="Spins per player per day" name="dailySpins" error={fieldError('dailySpins')}>
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={form.dailySpins}
                    onChange={(e) => set({ dailySpins: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Spins per deposit" name="depositSpins" error={fieldError('depositSpins')}>
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={form.depositSpins}
                    onChange={(e) => set({ depositSpins: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Days a deposit's spins last" name="depositSpinDays" error={fieldError('depositSpinDays')}>
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={form.depositSpinDays}
                    onChange={(e) => set({ depositSpinDays: e.target.value })}
                  />
                )}
              </Field>
            </div>
            <AmountsInput
              label="Least deposit for spins"
              name="depositMin"
              rows={form.depositMin}
              onChange={(depositMin) => set({ depositMin })}
            />
          </fieldset>
          <fieldset disabled={archived}>
            <legend>Sectors</legend>
            <p role="status" className={total === WHEEL_WEIGHT_TOTAL ? 'muted' : 'field__error'}>
              Weights add up to {total} of {WHEEL_WEIGHT_TOTAL} ({(total / 100).toFixed(2)} % of 100 %).
            </p>
            {fieldError('sectors') && <p className="field__error">{fieldError('sectors')}</p>}
            {form.sectors.map((s, i) => (
              <div key={i} className="change">
                <div className="field-row">
                  <Field
                    label={`Sector ${i + 1}: title`}
                    name={`sectors.${i}.title`}
                    error={fieldError(`sectors.${i}.title`)}
                  >
                    {(props) => (
                      <input {...props} value={s.title} onChange={(e) => setSector(i, { title: e.target.value })} />
                    )}
                  </Field>
                  <Field
                    label={`Sector ${i + 1}: weight (hundredths of a %)`}
                    name={`sectors.${i}.weight`}
                    error={fieldError(`sectors.${i}.weight`)}
                    hint={`${((Number(s.weight) || 0) / 100).toFixed(2)} % of spins`}
                  >
                    {(props) => (
                      <input
                        {...props}
                        inputMode="numeric"
                        value={s.weight}
                        onChange={(e) => setSector(i, { weight: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field
                    label={`Sector ${i + 1}: prize`}
                    name={`sectors.${i}.prizeType`}
                    error={fieldError(`sectors.${i}.prizeType`)}
                  >
                    {(props) => (
                      <select
                        {...props}
                        value={s.prizeType}
                        onChange={(e) => setSector(i, { prizeType: e.target.value as PrizeType })}
                      >
                        <option value="none">Nothing</option>
                        <option value="real">Cash</option>
                        <option value="bonus">Bonus</option>
                        <option value="points">Loyalty points</option>
                      </select>
                    )}
                  </Field>
                  {s.prizeType === 'points' && (
                    <Field
                      label={`Sector ${i + 1}: points`}
                      name={`sectors.${i}.points`}
                      error={fieldError(`sectors.${i}.points`)}
                    >
                      {(props) => (
                        <input
                          {...props}
                          inputMode="decimal"
                          value={s.points}
                          onChange={(e) => setSector(i, { points: e.target.value })}
                        />
                      )}
                    </Field>
                  )}
                  {s.prizeType === 'bonus' && (
                    <Field
                      label={`Sector ${i + 1}: bonus definition id (optional)`}
                      name={`sectors.${i}.bonusId`}
                      error={fieldError(`sectors.${i}.bonusId`)}
                    >
                      {(props) => (
                        <input
                          {...props}
                          value={s.bonusId}
                          autoComplete="off"
                          onChange={(e) => setSector(i, { bonusId: e.target.value })}
                        />
                      )}
                    </Field>
                  )}
                </div>
                {(s.prizeType === 'real' || s.prizeType === 'bonus') && (
                  <AmountsInput
                    label={`Sector ${i + 1} prize`}
                    name={`sectors.${i}.amounts`}
                    rows={s.amounts}
                    error={fieldError(`sectors.${i}.amounts`)}
                    onChange={(amounts) => setSector(i, { amounts })}
                  />
                )}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => set({ sectors: form.sectors.filter((_, j) => j !== i) })}
                >
                  Remove sector {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => set({ sectors: [...form.sectors, blankSector()] })}
            >
              Add a sector
            </button>
          </fieldset>
          {!archived && <ReasonField error={fieldError('reason')} />}
          <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
          {!archived && (
            <div className="form-actions">
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : view ? 'Save' : 'Create'}
              </button>
            </div>
          )}
        </form>
        <section aria-labelledby="wheel-preview-heading">
          <h2 className="subheading" id="wheel-preview-heading">
            What players will see
          </h2>
          <button
            type="button"
            className="button"
            disabled={show.isPending}
            onClick={() => {
              const body = check({}, WheelInput);
              if (body) show.mutate(body as WheelInput);
            }}
          >
            Show the player's view
          </button>
          {preview ? <WheelPreview wheel={preview} /> : <p className="muted">Not shown yet.</p>}
        </section>
      </div>
    </>
  );
}
