import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bonusKeys } from '../features/bonuses/keys.ts';
import { PackageEditor } from '../features/bonuses/package-editor.tsx';
import { StatusBadge, type StatusChange, StatusDialog } from '../features/bonuses/status-dialog.tsx';
import { BonusTabs } from '../features/bonuses/tabs.tsx';
import { TurnOverForm } from '../features/bonuses/turn-over-form.tsx';
import { api } from '../lib/api.ts';
import { Permitted, useAllows } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Welcome package · Croupier back office' }];

export default function BonusPackages() {
  return (
    <Permitted permission="bonuses:write">
      <Packages />
    </Permitted>
  );
}

/** The welcome package's steps, the global pause of bonus issuing, and the turn-over rule (issue 27). */
function Packages() {
  const allows = useAllows();
  const packages = useQuery({ queryKey: bonusKeys.packages, queryFn: () => api.bonuses.packages() });
  const deposits = useQuery({
    queryKey: [...bonusKeys.all, 'deposits'],
    queryFn: () => api.bonuses.list({ query: { kind: 'deposit', perPage: 100, status: 'current' } }),
  });
  const issuing = useQuery({ queryKey: bonusKeys.issuing, queryFn: () => api.bonuses.issuing() });
  const [change, setChange] = useState<StatusChange | null>(null);
  const paused = issuing.data?.data.paused ?? false;
  return (
    <>
      <header className="page-header">
        <h1>Welcome package and switches</h1>
      </header>
      <BonusTabs current="packages" />
      <section className="panel" aria-labelledby="issuing-title">
        <h2 id="issuing-title">
          Bonus issuing <StatusBadge status={paused ? 'paused' : 'active'} />
        </h2>
        <p>
          Pausing stops every bonus players claim at once: codes, deposit offers, the package's steps and free-spin
          campaigns. Bonuses and free spins already issued run on.
        </p>
        <button
          type="button"
          className={`button ${paused ? 'button--primary' : 'button--danger'}`}
          disabled={!issuing.data}
          onClick={() =>
            setChange({
              title: paused ? 'Resume all bonus issuing' : 'Pause all bonus issuing',
              description: paused
                ? 'Codes and offers issue again.'
                : 'No code, offer or package step issues anything until resumed.',
              submitLabel: paused ? 'Resume all' : 'Pause all',
              danger: !paused,
              done: paused ? 'Bonus issuing resumed.' : 'Bonus issuing paused.',
              run: (reason) => api.bonuses.setIssuing({ body: { paused: !paused, reason } }),
            })
          }
        >
          {paused ? 'Resume all…' : 'Pause all…'}
        </button>
      </section>
      {packages.data?.data.map((p) => (
        <PackageEditor key={p.id} pack={p} deposits={deposits.data?.data ?? []} onChange={setChange} />
      ))}
      {packages.isLoading && <p className="muted">Loading the packages…</p>}
      {allows('settings:read') && <TurnOverForm />}
      <StatusDialog change={change} onClose={() => setChange(null)} />
    </>
  );
}
