import type { RoundMovement, RoundReplay } from '@croupier/contracts';
import { Link } from 'react-router';
import { formatAmount, formatTime, shortId } from '../../lib/format.ts';
import { SimpleTable } from '../../ui/simple-table.tsx';
import { outcomeText, verdictOf } from './verdict.ts';
import { VerifiedBadge } from './verified-badge.tsx';

const STATUSES: Record<RoundReplay['status'], { label: string; badge: string }> = {
  open: { label: 'Open', badge: 'badge badge--warn' },
  settled: { label: 'Settled', badge: 'badge badge--ok' },
  rolled_back: { label: 'Rolled back', badge: 'badge' },
};

const MOVEMENTS: Record<RoundMovement['kind'], string> = { bet: 'Bet', win: 'Win', rollback: 'Rollback' };

/**
 * One round as a dispute needs it (§8): who played what, every movement the wallet recorded, the provably-fair
 * data and the verdict of the players' verifier. `canOpenPlayer`: a link to the 360 for a role that may open it.
 */
export function RoundReplayView({ round, canOpenPlayer }: { round: RoundReplay; canOpenPlayer: boolean }) {
  const status = STATUSES[round.status];
  const fairness = round.fairness;
  return (
    <>
      <VerifiedBadge verdict={verdictOf(round)} />
      <section className="panel" aria-labelledby="round-facts">
        <h2 id="round-facts">Round</h2>
        <dl className="facts">
          <div>
            <dt>Player</dt>
            <dd>
              {canOpenPlayer ? (
                <Link to={`/players/${round.playerId}?tab=rounds`} title={round.playerId}>
                  {shortId(round.playerId)}
                </Link>
              ) : (
                <span title={round.playerId}>{shortId(round.playerId)}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Game</dt>
            <dd>{round.gameId}</dd>
          </div>
          <div>
            <dt>Provider and round</dt>
            <dd>
              {round.providerId} · <code>{round.providerRoundId}</code>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={status.badge}>{status.label}</span>
            </dd>
          </div>
          <div>
            <dt>Bet</dt>
            <dd className="amount">{formatAmount(round.betTotal, round.currency)}</dd>
          </div>
          <div>
            <dt>Win</dt>
            <dd className="amount">{formatAmount(round.winTotal, round.currency)}</dd>
          </div>
          <div>
            <dt>Started (UTC)</dt>
            <dd>{formatTime(round.createdAt)}</dd>
          </div>
          <div>
            <dt>Settled (UTC)</dt>
            <dd>{formatTime(round.settledAt)}</dd>
          </div>
        </dl>
      </section>

      <section className="panel" aria-labelledby="round-movements">
        <h2 id="round-movements">Movements</h2>
        <SimpleTable
          caption="The round's movements, as the wallet recorded them"
          headers={['Time (UTC)', 'Kind', 'Amount', 'Provider transaction', 'Ledger transaction', '']}
          empty="No movement recorded."
          rows={round.movements.map((m) => ({
            key: `${m.kind}-${m.transactionId}`,
            cells: [
              formatTime(m.at),
              MOVEMENTS[m.kind] ?? m.kind,
              <span key="amount" className="amount">
                {formatAmount(m.amount, round.currency)}
              </span>,
              <code key="tx" title={m.transactionId}>
                {shortId(m.transactionId, 16)}
              </code>,
              m.ledgerTransactionId ? (
                <code key="ledger" title={m.ledgerTransactionId}>
                  {shortId(m.ledgerTransactionId, 16)}
                </code>
              ) : (
                '—'
              ),
              m.rolledBack ? (
                <span key="rb" className="badge">
                  Rolled back
                </span>
              ) : (
                ''
              ),
            ],
          }))}
        />
      </section>

      <section className="panel" aria-labelledby="round-fairness">
        <h2 id="round-fairness">Provably fair</h2>
        {!fairness ? (
          <p className="muted">The provider publishes no provably-fair data for this round.</p>
        ) : (
          <>
            <dl className="facts facts--wide">
              <div>
                <dt>Server seed hash</dt>
                <dd>
                  <code className="break">{fairness.serverSeedHash}</code>
                </dd>
              </div>
              <div>
                <dt>Server seed</dt>
                <dd>
                  {fairness.serverSeed ? (
                    <code className="break">{fairness.serverSeed}</code>
                  ) : (
                    <span className="muted">Not revealed yet (the seed pair is still in use)</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>Client seed</dt>
                <dd>
                  <code className="break">{fairness.clientSeed}</code>
                </dd>
              </div>
              <div>
                <dt>Nonce</dt>
                <dd>{fairness.nonce}</dd>
              </div>
            </dl>
            <h3 className="subheading" id="round-outcome">
              Outcome, as the game recorded it
            </h3>
            {/* A focusable region, so a keyboard can scroll a long record. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll container must take focus (WCAG 2.1.1) */}
            <section className="outcome" aria-labelledby="round-outcome" tabIndex={0}>
              <pre>{outcomeText(fairness.outcome)}</pre>
            </section>
          </>
        )}
      </section>
    </>
  );
}
