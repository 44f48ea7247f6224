import type { BonusDefinition, BonusPackage } from '@croupier/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { StatusBadge, type StatusChange } from './status-dialog.tsx';

/**
 * One package's steps, reordered with buttons (keyboard: each is a button), added from the deposit bonuses in no
 * package, removed; saved with a reason. The order is the deposits' order: step 1 is the first deposit.
 */
export function PackageEditor({
  pack,
  deposits,
  onChange,
}: {
  pack: BonusPackage;
  deposits: readonly BonusDefinition[];
  onChange: (change: StatusChange) => void;
}) {
  const [steps, setSteps] = useState(pack.steps.map((s) => ({ id: s.bonusId, name: s.name })));
  useEffect(() => setSteps(pack.steps.map((s) => ({ id: s.bonusId, name: s.name }))), [pack]);
  const [adding, setAdding] = useState('');
  const move = (index: number, by: number) =>
    setSteps((prev) => {
      const next = [...prev];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const free = deposits.filter((b) => b.kind === 'deposit' && !b.packageId && !steps.some((s) => s.id === b.id));
  const dirty = steps.map((s) => s.id).join() !== pack.steps.map((s) => s.bonusId).join();
  return (
    <section className="panel" aria-labelledby={`package-${pack.id}`}>
      <header className="page-header">
        <h2 id={`package-${pack.id}`}>
          {pack.name} <StatusBadge status={pack.enabled ? 'active' : 'paused'} />
        </h2>
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            onChange({
              title: `${pack.enabled ? 'Pause' : 'Resume'} ${pack.name}`,
              description: pack.enabled
                ? 'Paused, none of its steps is offered. Bonuses already issued run on.'
                : 'Resumed, its steps are offered again.',
              submitLabel: pack.enabled ? 'Pause' : 'Resume',
              done: `${pack.name}: ${pack.enabled ? 'paused' : 'resumed'}.`,
              run: (reason) =>
                api.bonuses.setPackageEnabled({ params: { id: pack.id }, body: { enabled: !pack.enabled, reason } }),
            })
          }
        >
          {pack.enabled ? 'Pause package…' : 'Resume package…'}
        </button>
      </header>
      <ol className="steps">
        {steps.map((s, index) => (
          <li key={s.id}>
            <span>
              Step {index + 1}: {s.name}
            </span>{' '}
            <span className="row-actions">
              <button
                type="button"
                className="button button--small"
                aria-label={`Move ${s.name} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                Up
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`Move ${s.name} down`}
                disabled={index === steps.length - 1}
                onClick={() => move(index, 1)}
              >
                Down
              </button>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={`Remove ${s.name} from the package`}
                onClick={() => setSteps((prev) => prev.filter((x) => x.id !== s.id))}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="report-toolbar">
        <label className="filters__field">
          <span>Add a deposit bonus</span>
          <select value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">Choose…</option>
            {free.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--small"
          disabled={!adding}
          onClick={() => {
            const b = free.find((x) => x.id === adding);
            if (b) setSteps((prev) => [...prev, { id: b.id, name: b.name }]);
            setAdding('');
          }}
        >
          Add step
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          disabled={!dirty}
          onClick={() =>
            onChange({
              title: `Save the steps of ${pack.name}`,
              description: steps.map((s, i) => `${i + 1}. ${s.name}`).join(' · ') || 'No steps.',
              submitLabel: 'Save',
              done: `${pack.name}: steps saved.`,
              run: (reason) =>
                api.bonuses.updatePackage({
                  params: { id: pack.id },
                  body: { name: pack.name, steps: steps.map((s) => s.id), reason },
                }),
            })
          }
        >
          Save order…
        </button>
      </div>
    </section>
  );
}
