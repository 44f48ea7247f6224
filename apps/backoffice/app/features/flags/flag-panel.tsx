import type { Flag, Interaction } from '@croupier/contracts';
import { ErrorCode } from '@croupier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { formatTime, shortId } from '../../lib/format.ts';
import { FLAG_STATUSES } from '../../lib/statuses.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { SeverityBadge } from '../../ui/severity-badge.tsx';
import { SidePanel } from '../../ui/side-panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StaffName } from '../../ui/staff-name.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useToast } from '../../ui/toast.tsx';
import { playerKey } from '../player/keys.ts';
import { InteractionForm } from './interaction-form.tsx';
import { flagsKey, interactionsKey } from './keys.ts';
import { actionLabel, evidenceRows, FLAG_KINDS, flagKindLabel, windowText } from './words.ts';

type Mode = 'record' | 'close' | null;

/**
 * One flag beside its list (`?flag=<id>`): what was seen with its evidence, the player's link, the
 * interactions recorded against it, and the two things to do — record an interaction, close it with a reason.
 */
export function FlagPanel({ flagId, onClose }: { flagId: string | undefined; onClose: () => void }) {
  const flag = useQuery({
    queryKey: [...flagsKey, 'one', flagId],
    queryFn: async (): Promise<Flag> => (await api.flags.get({ params: { id: flagId! } })).data,
    enabled: flagId !== undefined,
  });
  const f = flag.data;
  return (
    <SidePanel
      open={flagId !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={f ? `${flagKindLabel(f.kind)} (${f.list.toUpperCase()})` : 'Flag'}
      description={f ? f.detail : flag.error ? problemOf(flag.error).message : 'Loading the flag…'}
    >
      {flag.isPending ? <Skeleton lines={6} label="Loading the flag" /> : f ? <FlagDetails flag={f} /> : null}
    </SidePanel>
  );
}

function FlagDetails({ flag }: { flag: Flag }) {
  const [mode, setMode] = useState<Mode>(null);
  const interactions = useQuery({
    queryKey: [...interactionsKey, { flagId: flag.id }],
    queryFn: () => api.flags.interactions({ query: { flagId: flag.id, page: 1, perPage: 50 } }),
  });
  const explanation = FLAG_KINDS[flag.kind]?.explanation;
  return (
    <div className="flag-details" data-testid="flag-details">
      <dl className="evidence">
        <dt>Player</dt>
        <dd>
          <Link to={`/players/${flag.playerId}`}>Open the player {shortId(flag.playerId)}</Link>
        </dd>
        <dt>Severity</dt>
        <dd>
          <SeverityBadge severity={flag.severity} />
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge table={FLAG_STATUSES} status={flag.status} />
        </dd>
        <dt>Kind</dt>
        <dd>
          {flagKindLabel(flag.kind)}
          {explanation && <span className="muted"> — {explanation}</span>}
        </dd>
        <dt>Window</dt>
        <dd title={flag.window}>{windowText(flag.window)}</dd>
        <dt>Seen</dt>
        <dd>
          {flag.count} time{flag.count === 1 ? '' : 's'}: first {formatTime(flag.firstSeenAt)}, last{' '}
          {formatTime(flag.lastSeenAt)} (UTC)
        </dd>
        {flag.closedAt && (
          <>
            <dt>Closed</dt>
            <dd>
              {formatTime(flag.closedAt)} by <StaffName id={flag.closedBy} />: “{flag.closeReason}”
            </dd>
          </>
        )}
      </dl>
      <h3>Evidence</h3>
      {Object.keys(flag.evidence).length === 0 ? (
        <p className="muted">No evidence recorded.</p>
      ) : (
        <dl className="evidence">
          {evidenceRows(flag.evidence).map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <h3>Interactions</h3>
      {interactions.isPending ? (
        <Skeleton lines={2} label="Loading the interactions" />
      ) : interactions.data?.data.length ? (
        <ul className="note-list">
          {interactions.data.data.map((i) => (
            <InteractionItem key={i.id} interaction={i} />
          ))}
        </ul>
      ) : (
        <p className="muted">None recorded yet.</p>
      )}
      {flag.status !== 'closed' && (
        <>
          <div className="decision__verbs">
            <button
              type="button"
              className="button button--small button--primary"
              aria-pressed={mode === 'record'}
              onClick={() => setMode('record')}
            >
              Record an interaction
            </button>
            <button
              type="button"
              className="button button--small"
              aria-pressed={mode === 'close'}
              onClick={() => setMode('close')}
            >
              Close the flag
            </button>
          </div>
          {mode === 'record' && (
            <InteractionForm
              playerId={flag.playerId}
              flagId={flag.id}
              defaultObserved={flag.detail}
              onDone={() => setMode(null)}
              onCancel={() => setMode(null)}
            />
          )}
          {mode === 'close' && (
            <CloseFlagForm flag={flag} interactions={interactions.data?.data ?? []} onDone={() => setMode(null)} />
          )}
        </>
      )}
    </div>
  );
}

function InteractionItem({ interaction: i }: { interaction: Interaction }) {
  return (
    <li className="interaction">
      <p className="interaction__meta">
        {formatTime(i.createdAt)} · <StaffName id={i.createdBy} /> · {actionLabel(i.action)}
        {i.followUpAt && <> · follow up {formatTime(i.followUpAt).slice(0, 10)}</>}
      </p>
      <p>
        <strong>Seen:</strong> {i.observed}
      </p>
      <p>
        <strong>Done:</strong> {i.actionNote}
      </p>
      {i.outcome && (
        <p>
          <strong>Outcome:</strong> {i.outcome.text}
        </p>
      )}
    </li>
  );
}

function CloseFlagForm({
  flag,
  interactions,
  onDone,
}: {
  flag: Flag;
  interactions: Interaction[];
  onDone: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const close = useMutation({
    mutationFn: (body: { reason: string; interactionId?: string }) =>
      api.flags.close({ params: { id: flag.id }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData([...flagsKey, 'one', flag.id], data);
      void client.invalidateQueries({ queryKey: flagsKey });
      void client.invalidateQueries({ queryKey: playerKey(flag.playerId) });
      toast.success(`${flagKindLabel(data.kind)} closed.`);
      onDone();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`The flag was not closed: ${found.message}`);
      if (found.code === ErrorCode.alreadyDecided) void client.invalidateQueries({ queryKey: flagsKey });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (close.isPending) return;
    const form = new FormData(event.currentTarget);
    const interactionId = String(form.get('interactionId') ?? '');
    close.mutate({ reason: String(form.get('reason') ?? ''), ...(interactionId ? { interactionId } : {}) });
  };
  return (
    <form onSubmit={submit} aria-label="Close the flag">
      {interactions.length > 0 && (
        <Field label="Dealt with by" name="interactionId" error={problem?.fields.interactionId}>
          {(props) => (
            <select {...props} defaultValue={interactions[0]!.id}>
              <option value="">No interaction</option>
              {interactions.map((i) => (
                <option key={i.id} value={i.id}>
                  {formatTime(i.createdAt)} — {actionLabel(i.action)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <ReasonField error={problem?.fields.reason} />
      <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--danger" disabled={close.isPending}>
          {close.isPending ? 'Working…' : 'Close flag'}
        </button>
      </div>
    </form>
  );
}
