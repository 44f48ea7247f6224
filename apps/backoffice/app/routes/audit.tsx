import type { AuditVerification } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AuditFilters, AuditTable } from '../features/audit/audit-table.tsx';
import { api } from '../lib/api.ts';
import { problemOf } from '../lib/errors.ts';
import { formatCount, formatTime } from '../lib/format.ts';
import { textOf } from '../lib/url-state.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { Field } from '../ui/field.tsx';
import { Permitted } from '../ui/permitted.tsx';
import { useToast } from '../ui/toast.tsx';

export const meta = () => [{ title: 'Audit log · Croupier back office' }];

const FILTERS = ['playerId', 'staffId', 'action', 'from', 'to'] as const;

export default function Audit() {
  return (
    <Permitted permission="audit:read">
      <AuditLog />
    </Permitted>
  );
}

/** The audit log with its filters in the address, and the chain's verification (§7). */
function AuditLog() {
  const { params, page, perPage, set, setPage } = useUrlState(50);
  const filters: AuditFilters = Object.fromEntries(FILTERS.map((name) => [name, textOf(params, name)]));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set(Object.fromEntries(FILTERS.map((name) => [name, String(form.get(name) ?? '')])));
  };
  const active = FILTERS.some((name) => filters[name]);
  return (
    <>
      <header className="page-header">
        <h1>Audit log</h1>
        <VerifyChain />
      </header>
      <form
        className="filters filters--grid"
        onSubmit={submit}
        aria-label="Filter the audit log"
        key={params.toString()}
      >
        <Field label="Player id" name="playerId" error={fieldErrors.playerId}>
          {(props) => <input {...props} defaultValue={filters.playerId} autoComplete="off" spellCheck={false} />}
        </Field>
        <Field label="Staff id" name="staffId" error={fieldErrors.staffId}>
          {(props) => <input {...props} defaultValue={filters.staffId} autoComplete="off" spellCheck={false} />}
        </Field>
        <Field label="Action" name="action" error={fieldErrors.action}>
          {(props) => <input {...props} defaultValue={filters.action} placeholder="player.view" autoComplete="off" />}
        </Field>
        <Field label="From (UTC day)" name="from" error={fieldErrors.from}>
          {(props) => <input {...props} type="date" defaultValue={filters.from} />}
        </Field>
        <Field label="To (UTC day)" name="to" error={fieldErrors.to}>
          {(props) => <input {...props} type="date" defaultValue={filters.to} />}
        </Field>
        <div className="filters__buttons">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          {active && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => set(Object.fromEntries(FILTERS.map((name) => [name, null])))}
            >
              Clear
            </button>
          )}
        </div>
      </form>
      <AuditTable filters={filters} page={page} perPage={perPage} onPage={setPage} onFieldErrors={setFieldErrors} />
    </>
  );
}

/** Recomputes the whole chain on the server and shows whether it holds, with the newest anchored head. */
function VerifyChain() {
  const toast = useToast();
  const client = useQueryClient();
  const verify = useMutation({
    mutationFn: async (): Promise<AuditVerification> => (await api.audit.verify()).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['audit'] }),
    onSuccess: (result) =>
      result.ok
        ? toast.success(`The audit chain holds: ${formatCount(result.rows)} rows.`)
        : toast.error(`The audit chain is broken${result.brokenAt ? ` at row ${result.brokenAt}` : ''}.`),
    onError: (error) => toast.error(`The chain could not be verified: ${problemOf(error).message}`),
  });
  const result = verify.data;
  return (
    <div className="verify">
      <button type="button" className="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify chain'}
      </button>
      <div role="status" className="verify__result" data-testid="audit-verify">
        {result && (
          <dl className={`facts facts--inline ${result.ok ? 'verify--ok' : 'verify--broken'}`}>
            <div>
              <dt>Chain</dt>
              <dd>{result.ok ? 'holds' : `broken${result.brokenAt ? ` at row ${result.brokenAt}` : ''}`}</dd>
            </div>
            <div>
              <dt>Rows</dt>
              <dd>{formatCount(result.rows)}</dd>
            </div>
            <div>
              <dt>Head</dt>
              <dd>
                <code title={result.head}>{result.head.slice(0, 16)}…</code>
              </dd>
            </div>
            <div>
              <dt>Anchor</dt>
              <dd>
                {result.anchor
                  ? `row ${result.anchor.seq}, ${formatTime(result.anchor.at)} UTC, ${result.anchor.ok ? 'held' : `NOT held${result.anchor.problem ? ` (${result.anchor.problem})` : ''}`}`
                  : 'none yet'}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}
