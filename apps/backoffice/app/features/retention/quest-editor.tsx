import type { QuestEditorView } from '@croupier/contracts';
import { QuestPreviewRequest, QuestRequest } from '@croupier/contracts/backoffice/retention';
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
import { QuestPreview } from './previews.tsx';

// The quest editor (issue 27): the quest, its tasks (at least one) and its rewards, checked with the server's
// own schema, the player's view of it before it goes live, and pause / resume / archive.

const TASK_TYPES = [
  { value: 4, label: 'Bet', conditions: { currencies: [] } },
  { value: 3, label: 'Win', conditions: { currencies: [] } },
  { value: 6, label: 'Deposit', conditions: { currencies: [] } },
  { value: 2, label: 'Fill in profile fields', conditions: { fields: ['firstName', 'lastName'] } },
] as const;

interface TaskForm {
  name: string;
  description: string;
  type: number;
  quantity: string;
  conditions: string;
}
interface RewardForm {
  type: number;
  amounts: AmountRow[];
  lockBalance: boolean;
  bonusId: string;
}
interface QuestForm {
  identity: string;
  name: string;
  description: string;
  order: string;
  taskExecutionOrder: number;
  availableTo: string;
  durationMinutes: string;
  tasks: TaskForm[];
  rewards: RewardForm[];
}

const blankTask = (): TaskForm => ({
  name: '',
  description: '',
  type: 4,
  quantity: '1',
  conditions: JSON.stringify(TASK_TYPES[0].conditions),
});

const formOf = (v: QuestEditorView | null): QuestForm => ({
  identity: v?.identity ?? '',
  name: v?.name ?? '',
  description: v?.description ?? '',
  order: String(v?.order ?? 0),
  taskExecutionOrder: v?.taskExecutionOrder ?? 1,
  availableTo: toLocalInput(v?.availableTo),
  durationMinutes: v?.durationMinutes ? String(v.durationMinutes) : '',
  tasks: v
    ? v.tasks.map((t) => ({
        name: t.name,
        description: t.description,
        type: t.type,
        quantity: String(t.quantity),
        conditions: JSON.stringify(t.conditions),
      }))
    : [blankTask()],
  rewards: v
    ? v.rewards.map((r) => ({
        type: r.type,
        amounts: amountRows(r.amounts),
        lockBalance: r.lockBalance,
        bonusId: r.bonusId ?? '',
      }))
    : [{ type: 1, amounts: [{ currency: 'EUR', amount: '' }], lockBalance: false, bonusId: '' }],
});

/** The form as the API takes it; a conditions box that is not JSON is a field error. */
function inputOf(form: QuestForm): { input: Record<string, unknown>; bad: Record<string, string> } {
  const bad: Record<string, string> = {};
  const tasks = form.tasks.map((t, i) => {
    let conditions: unknown = {};
    try {
      conditions = JSON.parse(t.conditions || '{}');
    } catch {
      bad[`tasks.${i}.conditions`] = 'Not valid JSON.';
    }
    return { name: t.name, description: t.description, type: t.type, quantity: numberOf(t.quantity), conditions };
  });
  return {
    bad,
    input: {
      identity: form.identity.trim(),
      name: form.name,
      description: form.description,
      order: numberOf(form.order || '0'),
      taskExecutionOrder: form.taskExecutionOrder,
      availableTo: fromLocalInput(form.availableTo),
      durationMinutes: form.durationMinutes.trim() ? numberOf(form.durationMinutes) : null,
      tasks,
      rewards: form.rewards.map((r) => ({
        type: r.type,
        amounts: amountsOf(r.amounts),
        lockBalance: r.lockBalance,
        bonusId: r.bonusId.trim() || null,
      })),
    },
  };
}

export function QuestEditor({ id }: { id: string | null }) {
  return (
    <EditorLoader
      id={id}
      kind="quests"
      label="the quest"
      load={async (questId) => (await api.retentionQuests.get({ params: { id: questId } })).data}
    >
      {(view, reload, version) => <QuestForm key={version} view={view} onReload={reload} />}
    </EditorLoader>
  );
}

function QuestForm({ view, onReload }: { view: QuestEditorView | null; onReload: () => void }) {
  const [form, setForm] = useState<QuestForm>(() => formOf(view));
  const [currency, setCurrency] = useState('EUR');
  const archived = view?.status === 'archived';
  const set = (patch: Partial<QuestForm>) => setForm((f) => ({ ...f, ...patch }));
  const setTask = (i: number, patch: Partial<TaskForm>) =>
    setForm((f) => ({ ...f, tasks: f.tasks.map((t, j) => (j === i ? { ...t, ...patch } : t)) }));
  const setReward = (i: number, patch: Partial<RewardForm>) =>
    setForm((f) => ({ ...f, rewards: f.rewards.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  const { problem, setProblem, fieldError, preview, save, show } = useEditorActions({
    noun: 'the quest',
    savedMessage: (saved: { name: string }) => `“${saved.name}” saved: players see it now.`,
    save: (body: QuestRequest) =>
      view ? api.retentionQuests.update({ params: { id: view.id }, body }) : api.retentionQuests.create({ body }),
    preview: (body: QuestPreviewRequest) => api.retentionQuests.preview({ body }),
    newAddress: view ? undefined : (saved) => `/retention/quests/${saved.id}`,
  });

  const checked = <T,>(
    schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: never } },
    extra: object,
  ) => {
    const { input, bad } = inputOf(form);
    const parsed = schema.safeParse({ ...input, ...extra });
    if (!parsed.success || Object.keys(bad).length > 0) {
      const fromSchema = parsed.success ? { fields: {} } : problemOfSchema(parsed.error);
      setProblem({
        message: 'Check the highlighted fields.',
        fields: { ...fromSchema.fields, ...bad },
        code: 3,
        status: 422,
      });
      return null;
    }
    setProblem(null);
    return parsed.data;
  };

  return (
    <>
      <header className="page-header">
        <div>
          <h1>{view ? view.name : 'New quest'}</h1>
          <p className="page-header__meta">
            <Link to="/retention?tab=quests">Quests</Link>
            {view && (
              <>
                {' '}
                · <code>{view.identity}</code> <StatusBadge status={view.status} /> · {view.runsInFlight} player run(s)
                in flight keep the terms they started with
              </>
            )}
          </p>
        </div>
        {view && (
          <StatusActions
            what="the quest"
            status={view.status}
            run={(verb, reason) => api.retentionQuests[verb]({ params: { id: view.id }, body: { reason } })}
            onDone={onReload}
          />
        )}
      </header>
      <div className="overview overview--editor">
        <form
          className="panel panel--form"
          noValidate
          aria-label="Quest"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
            const body = checked<QuestRequest>(QuestRequest as never, { reason });
            if (body) save.mutate(body);
          }}
        >
          <fieldset disabled={archived}>
            <legend>The quest</legend>
            <div className="field-row">
              <Field
                label="Identity"
                name="identity"
                error={fieldError('identity')}
                hint="Lowercase letters, digits and dashes."
              >
                {(props) => (
                  <input
                    {...props}
                    value={form.identity}
                    autoComplete="off"
                    onChange={(e) => set({ identity: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Name" name="name" error={fieldError('name')}>
                {(props) => <input {...props} value={form.name} onChange={(e) => set({ name: e.target.value })} />}
              </Field>
            </div>
            <Field label="Description" name="description" error={fieldError('description')}>
              {(props) => (
                <textarea
                  {...props}
                  rows={2}
                  value={form.description}
                  onChange={(e) => set({ description: e.target.value })}
                />
              )}
            </Field>
            <div className="field-row">
              <Field label="Order on the hub" name="order" error={fieldError('order')}>
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={form.order}
                    onChange={(e) => set({ order: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Tasks run" name="taskExecutionOrder" error={fieldError('taskExecutionOrder')}>
                {(props) => (
                  <select
                    {...props}
                    value={form.taskExecutionOrder}
                    onChange={(e) => set({ taskExecutionOrder: Number(e.target.value) })}
                  >
                    <option value={1}>in any order</option>
                    <option value={2}>one after another</option>
                  </select>
                )}
              </Field>
              <Field label="Offered until (UTC, empty: no end)" name="availableTo" error={fieldError('availableTo')}>
                {(props) => (
                  <input
                    {...props}
                    type="datetime-local"
                    value={form.availableTo}
                    onChange={(e) => set({ availableTo: e.target.value })}
                  />
                )}
              </Field>
              <Field
                label="Minutes to finish once started (empty: none)"
                name="durationMinutes"
                error={fieldError('durationMinutes')}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="numeric"
                    value={form.durationMinutes}
                    onChange={(e) => set({ durationMinutes: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </fieldset>
          <fieldset disabled={archived}>
            <legend>Tasks</legend>
            {fieldError('tasks') && <p className="field__error">{fieldError('tasks')}</p>}
            {form.tasks.map((task, i) => (
              <div key={i} className="change">
                <div className="field-row">
                  <Field label={`Task ${i + 1}: name`} name={`tasks.${i}.name`} error={fieldError(`tasks.${i}.name`)}>
                    {(props) => (
                      <input {...props} value={task.name} onChange={(e) => setTask(i, { name: e.target.value })} />
                    )}
                  </Field>
                  <Field label={`Task ${i + 1}: type`} name={`tasks.${i}.type`} error={fieldError(`tasks.${i}.type`)}>
                    {(props) => (
                      <select
                        {...props}
                        value={task.type}
                        onChange={(e) => {
                          const type = TASK_TYPES.find((x) => x.value === Number(e.target.value))!;
                          setTask(i, { type: type.value, conditions: JSON.stringify(type.conditions) });
                        }}
                      >
                        {TASK_TYPES.map((x) => (
                          <option key={x.value} value={x.value}>
                            {x.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field
                    label={`Task ${i + 1}: how many times`}
                    name={`tasks.${i}.quantity`}
                    error={fieldError(`tasks.${i}.quantity`)}
                  >
                    {(props) => (
                      <input
                        {...props}
                        inputMode="numeric"
                        value={task.quantity}
                        onChange={(e) => setTask(i, { quantity: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
                <Field
                  label={`Task ${i + 1}: description`}
                  name={`tasks.${i}.description`}
                  error={fieldError(`tasks.${i}.description`)}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={task.description}
                      onChange={(e) => setTask(i, { description: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={`Task ${i + 1}: conditions (JSON)`}
                  name={`tasks.${i}.conditions`}
                  error={fieldError(`tasks.${i}.conditions`)}
                  hint="As the player API shows them: games, amounts per currency (major units), profile fields."
                >
                  {(props) => (
                    <textarea
                      {...props}
                      rows={2}
                      value={task.conditions}
                      onChange={(e) => setTask(i, { conditions: e.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => set({ tasks: form.tasks.filter((_, j) => j !== i) })}
                >
                  Remove task {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => set({ tasks: [...form.tasks, blankTask()] })}
            >
              Add a task
            </button>
          </fieldset>
          <fieldset disabled={archived}>
            <legend>Rewards</legend>
            {fieldError('rewards') && <p className="field__error">{fieldError('rewards')}</p>}
            {form.rewards.map((reward, i) => (
              <div key={i} className="change">
                <div className="field-row">
                  <Field
                    label={`Reward ${i + 1}: type`}
                    name={`rewards.${i}.type`}
                    error={fieldError(`rewards.${i}.type`)}
                  >
                    {(props) => (
                      <select
                        {...props}
                        value={reward.type}
                        onChange={(e) => setReward(i, { type: Number(e.target.value) })}
                      >
                        <option value={1}>Money</option>
                        <option value={2}>Bonus</option>
                        <option value={3}>Free spins</option>
                      </select>
                    )}
                  </Field>
                  {reward.type === 1 ? (
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={reward.lockBalance}
                        onChange={(e) => setReward(i, { lockBalance: e.target.checked })}
                      />{' '}
                      Pay into the bonus balance
                    </label>
                  ) : (
                    <Field
                      label={`Reward ${i + 1}: bonus definition id`}
                      name={`rewards.${i}.bonusId`}
                      error={fieldError(`rewards.${i}.bonusId`)}
                    >
                      {(props) => (
                        <input
                          {...props}
                          value={reward.bonusId}
                          autoComplete="off"
                          onChange={(e) => setReward(i, { bonusId: e.target.value })}
                        />
                      )}
                    </Field>
                  )}
                </div>
                <AmountsInput
                  label={`Reward ${i + 1}`}
                  name={`rewards.${i}.amounts`}
                  rows={reward.amounts}
                  error={
                    fieldError(`rewards.${i}.amounts`) ??
                    Object.entries(problem?.fields ?? {}).find(([k]) => k.startsWith(`rewards.${i}.amounts.`))?.[1]
                  }
                  onChange={(amounts) => setReward(i, { amounts })}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => set({ rewards: form.rewards.filter((_, j) => j !== i) })}
                >
                  Remove reward {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                set({ rewards: [...form.rewards, { type: 1, amounts: [], lockBalance: false, bonusId: '' }] })
              }
            >
              Add a reward
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
        <section aria-labelledby="quest-preview-heading">
          <h2 className="subheading" id="quest-preview-heading">
            What players will see
          </h2>
          <div className="field-row">
            <Field label="Currency of the preview" name="previewCurrency">
              {(props) => (
                <input
                  {...props}
                  value={currency}
                  maxLength={10}
                  onChange={(e) => setCurrency(e.target.value.toUpperCase())}
                />
              )}
            </Field>
            <button
              type="button"
              className="button"
              disabled={show.isPending}
              onClick={() => {
                const body = checked<QuestPreviewRequest>(QuestPreviewRequest as never, { currency });
                if (body) show.mutate(body);
              }}
            >
              Show the player's view
            </button>
          </div>
          {preview ? <QuestPreview quest={preview} /> : <p className="muted">Not shown yet.</p>}
        </section>
      </div>
    </>
  );
}
