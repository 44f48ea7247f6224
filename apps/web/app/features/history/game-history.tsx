import type { Bet, Spin } from '@croupier/contracts';
import { BetStatus } from '@croupier/contracts/reference/statuses';
import { type ReactNode, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { lookup } from '../../shared/i18n/translate.ts';
import { useMoney } from '../../shared/money/use-money.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/page.tsx';
import { CopyButton } from '../payment/index.ts';
import { isCombo, shortId } from './game-history-query.ts';
import { Pagination } from './pagination.tsx';
import { useBets, useSpins } from './use-game-history.ts';
import type { ListState } from './use-invoices.ts';

const BET_BADGE: Record<number, string> = {
  [BetStatus.open]: 'badge--warning',
  [BetStatus.won]: 'badge--success',
  [BetStatus.lost]: 'badge--danger',
  [BetStatus.refunded]: 'badge--muted',
};

function useWhen() {
  const { locale } = useI18n();
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? iso
      : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  };
}

function ListBody({
  state,
  empty,
  count,
  onRetry,
  children,
}: {
  state: ListState;
  empty: string;
  count: number;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (state === 'failed') {
    return (
      <>
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('global-components.common.retry')}
        </button>
      </>
    );
  }
  if (state === 'loading' && count === 0) return <Skeleton lines={5} />;
  if (count === 0) return <EmptyState icon="clock" text={empty} />;
  return <>{children}</>;
}

/** Bets: settled (default) or open, paginated; each with its round id to copy. */
export function BetsPanel() {
  const { t, content } = useI18n();
  const { format } = useMoney();
  const when = useWhen();
  const [isSettled, setSettled] = useState(true);
  const [page, setPage] = useState(1);
  const bets = useBets(page, isSettled);
  const status = (id: number) => lookup(content, `global-components.history.betStatus.${id}`) ?? String(id);
  const pick = (settled: boolean) => {
    setSettled(settled);
    setPage(1);
  };
  return (
    <>
      <fieldset className="segmented history-toggle">
        <legend className="visually-hidden">{t('global-components.history.betsFilter')}</legend>
        <button type="button" className="segmented__tab" aria-pressed={isSettled} onClick={() => pick(true)}>
          {t('global-components.history.settled')}
        </button>
        <button type="button" className="segmented__tab" aria-pressed={!isSettled} onClick={() => pick(false)}>
          {t('global-components.history.open')}
        </button>
      </fieldset>
      <ListBody
        state={bets.state}
        count={bets.rows.length}
        onRetry={() => void bets.reload()}
        empty={t(isSettled ? 'global-components.history.emptyBets' : 'global-components.history.emptyOpenBets')}
      >
        <ul className="history-list" aria-busy={bets.state === 'loading'}>
          {bets.rows.map((bet: Bet) => (
            <li key={bet.id} className="card history-row" data-bet={bet.id} data-status={bet.status}>
              <div className="history-row__head">
                <LocalLink to={`/games/${encodeURIComponent(bet.gameId)}`} className="history-row__type">
                  {bet.game}
                </LocalLink>
                <span className="history-row__amount">{format(bet.amount, bet.currency)}</span>
              </div>
              <div className="history-row__meta muted">
                <time dateTime={bet.createdAt}>{when(bet.createdAt)}</time>
                {isCombo(bet) && <span>{t('global-components.history.combo', { count: bet.items.length })}</span>}
                {bet.coefficient > 0 && <span>×{bet.coefficient}</span>}
              </div>
              <dl className="history-row__details">
                <div>
                  <dt>{t('global-components.history.payout')}</dt>
                  <dd>{format(bet.payout, bet.currency)}</dd>
                </div>
                <div>
                  <dt>{t('global-components.history.roundId')}</dt>
                  <dd className="history-round">
                    <code title={bet.roundId}>{shortId(bet.roundId)}</code>
                    <CopyButton value={bet.roundId} label={t('global-components.history.copyRoundId')} />
                  </dd>
                </div>
              </dl>
              {bet.items.length > 0 && (
                <ul className="history-items">
                  {bet.items.map((item, i) => (
                    // items have no id; their order is the ticket's
                    <li key={i}>
                      <strong>{item.event}</strong> · {item.market}: {item.outcome} (×{item.coefficient})
                    </li>
                  ))}
                </ul>
              )}
              <div className="history-row__foot">
                <span className={`badge ${BET_BADGE[bet.status] ?? 'badge--muted'}`}>{status(bet.status)}</span>
              </div>
            </li>
          ))}
        </ul>
      </ListBody>
      {bets.meta && bets.state !== 'failed' && <Pagination meta={bets.meta} onPage={setPage} />}
    </>
  );
}

/** Spins: the player's real-money rounds, paginated. */
export function SpinsPanel() {
  const { t } = useI18n();
  const { format } = useMoney();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const spins = useSpins(page);
  return (
    <>
      <ListBody
        state={spins.state}
        count={spins.rows.length}
        onRetry={() => void spins.reload()}
        empty={t('global-components.history.emptySpins')}
      >
        <ul className="history-list" aria-busy={spins.state === 'loading'}>
          {spins.rows.map((spin: Spin) => (
            <li key={spin.id} className="card history-row" data-spin={spin.id}>
              <div className="history-row__head">
                <LocalLink to={`/games/${encodeURIComponent(spin.gameIdentity)}`} className="history-row__type">
                  {spin.game}
                </LocalLink>
                <span className="history-row__amount">{format(spin.amount, spin.currency)}</span>
              </div>
              <div className="history-row__meta muted">
                <time dateTime={spin.createdAt}>{when(spin.createdAt)}</time>
                <span>
                  {t('global-components.history.payout')}: {format(spin.payout, spin.currency)}
                </span>
              </div>
              <div className="history-row__foot">
                <span className={`badge ${spin.payout > 0 ? 'badge--success' : 'badge--muted'}`}>
                  {t(spin.payout > 0 ? 'global-components.history.win' : 'global-components.history.noWin')}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </ListBody>
      {spins.meta && spins.state !== 'failed' && <Pagination meta={spins.meta} onPage={setPage} />}
    </>
  );
}
