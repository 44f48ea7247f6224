import type { ActivityBet } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { BOARD_SIZE, multiplierOf } from './board-rows.ts';

const k = (key: string) => `global-components.activity.${key}`;

function Head() {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        <th scope="col">{t(k('game'))}</th>
        <th scope="col" className="activity__player">
          {t(k('player'))}
        </th>
        <th scope="col" className="activity__num activity__bet">
          {t(k('bet'))}
        </th>
        <th scope="col" className="activity__num activity__multiplier">
          {t(k('multiplier'))}
        </th>
        <th scope="col" className="activity__num">
          {t(k('payout'))}
        </th>
      </tr>
    </thead>
  );
}

function Row({ bet, fresh }: { bet: ActivityBet; fresh: boolean }) {
  const { t, locale } = useI18n();
  const { format } = useMoney();
  const won = bet.payout > bet.amount;
  return (
    <tr className={fresh ? 'activity__row activity__row--fresh' : 'activity__row'} data-bet-id={bet.id}>
      <td>
        <LocalLink to={`/games/${encodeURIComponent(bet.gameId)}`} className="activity__game">
          {bet.gameName}
        </LocalLink>
      </td>
      <td className="activity__player">{bet.nickname ?? t(k('hidden'))}</td>
      <td className="activity__num activity__bet">{format(bet.amount, bet.currency)}</td>
      <td className="activity__num activity__multiplier">
        ×{multiplierOf(bet).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
      </td>
      <td className={won ? 'activity__num activity__payout activity__payout--won' : 'activity__num activity__payout'}>
        {format(bet.payout, bet.currency)}
      </td>
    </tr>
  );
}

/** Placeholder rows while the history loads (also what the server renders). */
function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        // fixed placeholders, never reordered
        <tr key={i} className="activity__row">
          {Array.from({ length: 5 }, (_, c) => (
            <td key={c} className={c === 1 ? 'activity__player' : c === 2 ? 'activity__bet' : undefined}>
              <span className="skeleton__line" aria-hidden="true" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One board as a table: game, player, stake, multiple and payout; a skeleton until loaded. */
export function BoardTable({
  caption,
  rows,
  loaded,
  fresh = new Set(),
}: {
  caption: string;
  rows: readonly ActivityBet[];
  loaded: boolean;
  fresh?: ReadonlySet<string>;
}) {
  const { t } = useI18n();
  return (
    <div className="activity__scroll">
      <table className="activity__table" aria-busy={!loaded}>
        <caption className="visually-hidden">{caption}</caption>
        <Head />
        <tbody>
          {!loaded ? (
            <SkeletonRows />
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="activity__empty">
                {t(k('empty'))}
              </td>
            </tr>
          ) : (
            rows.slice(0, BOARD_SIZE).map((bet) => <Row key={bet.id} bet={bet} fresh={fresh.has(bet.id)} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
