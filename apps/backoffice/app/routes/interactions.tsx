import type { Interaction } from '@croupier/contracts';
import { useMemo, useState } from 'react';
import { type InteractionStep, InteractionStepDialog } from '../features/flags/interaction-dialogs.tsx';
import { interactionsKey } from '../features/flags/keys.ts';
import { actionLabel } from '../features/flags/words.ts';
import { api } from '../lib/api.ts';
import { isDue } from '../lib/dates.ts';
import { formatDay, formatTime } from '../lib/format.ts';
import { useMe } from '../lib/session.ts';
import { statusParam } from '../lib/statuses.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted } from '../ui/permitted.tsx';
import { PlayerLink } from '../ui/player-link.tsx';
import { QueueFilters } from '../ui/queue-filters.tsx';
import { StaffName } from '../ui/staff-name.tsx';

export const meta = () => [{ title: 'Interactions · Croupier back office' }];

const VIEWS = ['all', 'due', 'unreviewed'] as const;
type View = (typeof VIEWS)[number];
const OPTIONS: { value: View; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'due', label: 'Follow-ups due' },
  { value: 'unreviewed', label: 'Not spot-checked' },
];

export default function Interactions() {
  return (
    <Permitted permission="flags:review">
      <InteractionLog />
    </Permitted>
  );
}

const col = columnHelper<Interaction>();

/**
 * The interaction log (decision 0114), newest first: every contact about a player's play, its follow-up and
 * outcome, and a spot check by a second person. `?view=due` lists follow-ups whose day has come.
 */
function InteractionLog() {
  const me = useMe();
  const { params, page, perPage } = useUrlState();
  const view = statusParam(VIEWS, params.get('view'), 'all');
  const playerId = textOf(params, 'playerId');
  const [step, setStep] = useState<InteractionStep>(null);
  const query = {
    playerId,
    followUpDue: view === 'due' ? ('true' as const) : undefined,
    unreviewed: view === 'unreviewed' ? ('true' as const) : undefined,
    page,
    perPage,
  };
  const list = usePagedList(interactionsKey, query, (q) => api.flags.interactions({ query: q }));
  const columns = useMemo(
    () => [
      col.accessor('createdAt', { header: 'Recorded (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.accessor('playerId', {
        header: 'Player',
        cell: (info) => <PlayerLink id={info.getValue()} />,
      }),
      col.accessor('observed', {
        header: 'Seen',
        cell: (info) => (
          <span className="truncate truncate--narrow" title={info.getValue()}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor('action', {
        header: 'Action',
        cell: (info) => (
          <span>
            {actionLabel(info.getValue())}
            <br />
            <span className="muted truncate truncate--narrow" title={info.row.original.actionNote}>
              {info.row.original.actionNote}
            </span>
          </span>
        ),
      }),
      col.accessor('createdBy', { header: 'By', cell: (info) => <StaffName id={info.getValue()} /> }),
      col.accessor('followUpAt', {
        header: 'Follow-up',
        cell: (info) => {
          const at = info.getValue();
          if (!at) return '—';
          const due = !info.row.original.outcome && isDue(at);
          return (
            <span className={due ? 'follow-up due' : 'follow-up'}>
              {formatDay(at)}
              {due ? ' · due' : ''}
            </span>
          );
        },
      }),
      col.accessor('outcome', {
        header: 'Outcome',
        cell: (info) => {
          const o = info.getValue();
          return o ? (
            <span className="truncate truncate--narrow" title={o.text}>
              {o.text}
            </span>
          ) : (
            '—'
          );
        },
      }),
      col.accessor('review', {
        header: 'Spot check',
        cell: (info) => {
          const r = info.getValue();
          if (!r) return '—';
          return (
            <span>
              <span className={`badge badge--${r.verdict === 'adequate' ? 'ok' : 'danger'}`}>{r.verdict}</span>{' '}
              <StaffName id={r.by} />
            </span>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const i = info.row.original;
          const own = i.createdBy === me?.id;
          return (
            <span className="row-actions">
              {!i.outcome && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setStep({ interaction: i, step: 'outcome' })}
                >
                  Record outcome
                </button>
              )}
              {!i.review && !own && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setStep({ interaction: i, step: 'review' })}
                >
                  Spot-check
                </button>
              )}
              {!i.review && own && <span className="muted">Yours: another person spot-checks it.</span>}
            </span>
          );
        },
      }),
    ],
    [me?.id],
  );
  return (
    <>
      <header className="page-header">
        <h1>Interactions</h1>
      </header>
      <QueueFilters legend="Show" param="view" options={OPTIONS} value={view} fallback="all" />
      <PagedTable
        caption="Interactions, newest first"
        columns={columns}
        list={list}
        rowId={(row) => row.id}
        empty={
          view === 'due'
            ? 'No follow-up is due.'
            : view === 'unreviewed'
              ? 'Every interaction is spot-checked.'
              : 'No interaction recorded.'
        }
      />
      <InteractionStepDialog step={step} onClose={() => setStep(null)} />
    </>
  );
}
