import type { LeaderboardRow } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { formatPoints, K } from './format.ts';

/** The live leaderboard: place, player, points; the signed-in player's own row is marked. */
export function Leaderboard({ rows, playerId }: { rows: LeaderboardRow[]; playerId: string | null }) {
  const { t, locale } = useI18n();
  if (rows.length === 0) return <p className="muted">{t(`${K}.emptyLeaderboard`)}</p>;
  return (
    <table className="tournament-table" data-testid="leaderboard">
      <caption className="visually-hidden">{t(`${K}.leaderboard`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t(`${K}.place`)}</th>
          <th scope="col">{t(`${K}.player`)}</th>
          <th scope="col" className="tournament-table__points">
            {t(`${K}.points`)}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const mine = row.playerId === playerId;
          return (
            <tr
              key={row.playerId}
              className={mine ? 'tournament-table__mine' : undefined}
              aria-current={mine || undefined}
            >
              <td>{row.place}</td>
              <td>
                {row.nickname ?? t(`${K}.anonymous`)}
                {mine && <span className="tournament-you"> ({t(`${K}.you`)})</span>}
              </td>
              <td className="tournament-table__points">{formatPoints(row.points, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
