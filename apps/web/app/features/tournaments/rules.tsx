import { type Tournament, TournamentType } from '@croupier/contracts';
import { baseCurrencyCode } from '@croupier/contracts/reference/currencies';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { K } from './format.ts';

/** How points are earned: the kind, the rate in the base currency and the stake bounds. */
export function TournamentRules({ tournament }: { tournament: Tournament }) {
  const { t } = useI18n();
  const base = baseCurrencyCode;
  const { conditions, rates } = tournament;
  return (
    <section className="card tournament-rules" aria-labelledby="tournament-rules">
      <h2 id="tournament-rules">{t(`${K}.rules`)}</h2>
      <ul>
        <li>
          {tournament.type === TournamentType.multiplier
            ? t(`${K}.typeMultiplier`)
            : t(`${K}.typeStake`, { rate: rates.baseCurrencyRate, currency: base })}
        </li>
        {conditions.minAmount !== undefined && (
          <li>
            {t(conditions.minAmountOp === 'gt' ? `${K}.minAbove` : `${K}.minFrom`, {
              amount: conditions.minAmount,
              currency: base,
            })}
          </li>
        )}
        {conditions.maxAmount !== undefined && (
          <li>
            {t(conditions.maxAmountOp === 'lt' ? `${K}.maxBelow` : `${K}.maxUpTo`, {
              amount: conditions.maxAmount,
              currency: base,
            })}
          </li>
        )}
        {tournament.confirmationRequired && <li>{t(`${K}.confirmation`)}</li>}
      </ul>
    </section>
  );
}
