import { type PlayerBonus, PlayerBonusStatus } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { progressOf } from './bonus-rules.ts';
import { badgeToneOf, formatDate, stateKeyOf } from './format.ts';

const K = 'global-components.bonuses';

interface Props {
  bonus: PlayerBonus;
  /** Buttons of a live bonus; history rows have only Details. */
  onActivate?: (b: PlayerBonus) => void;
  onCancel?: (b: PlayerBonus) => void;
  onDetails: (b: PlayerBonus) => void;
  busy?: boolean;
}

/** Wagering progress as a labelled bar with the amounts beside it. */
export function WagerProgress({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useI18n();
  const { format } = useMoney();
  const value = progressOf(bonus);
  return (
    <div className="bonus-progress">
      <div className="bonus-progress__head">
        <span>{t(`${K}.progress`)}</span>
        <span className="bonus-progress__value">{value}%</span>
      </div>
      <div
        className="bonus-progress__track"
        role="progressbar"
        aria-label={t(`${K}.progress`)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={t(`${K}.wagered`, {
          current: format(bonus.currentWagerAmount, bonus.currency),
          required: format(bonus.requiredWagerCasinoAmount, bonus.currency),
        })}
      >
        <span className="bonus-progress__bar" style={{ width: `${value}%` }} />
      </div>
      <p className="bonus-progress__amounts muted">
        {t(`${K}.wagered`, {
          current: format(bonus.currentWagerAmount, bonus.currency),
          required: format(bonus.requiredWagerCasinoAmount, bonus.currency),
        })}
      </p>
    </div>
  );
}

/** The facts of a bonus: amount, wager, max bet and its deadlines. */
export function BonusFacts({ bonus }: { bonus: PlayerBonus }) {
  const { t, locale } = useI18n();
  const { format } = useMoney();
  const rows: [string, string][] = [[t(`${K}.amount`), format(bonus.amount, bonus.currency)]];
  if (bonus.wagerCasino > 0) rows.push([t(`${K}.wager`), t(`${K}.wagerValue`, { multiplier: bonus.wagerCasino })]);
  rows.push([
    t(`${K}.maxBet`),
    bonus.maxBetAmount === null ? t(`${K}.noMaxBet`) : format(bonus.maxBetAmount, bonus.currency),
  ]);
  const issued = formatDate(bonus.createdAt, locale);
  if (issued) rows.push([t(`${K}.issuedAt`), issued]);
  const activateBy = bonus.status === PlayerBonusStatus.issued ? formatDate(bonus.activationExpiredAt, locale) : null;
  if (activateBy) rows.push([t(`${K}.activateBy`), activateBy]);
  const wagerBy = bonus.status === PlayerBonusStatus.active ? formatDate(bonus.wageringExpiredAt, locale) : null;
  if (wagerBy) rows.push([t(`${K}.wagerBy`), wagerBy]);
  const finished = formatDate(bonus.finishedAt, locale);
  if (finished) rows.push([t(`${K}.finishedAt`), finished]);
  return (
    <dl className="bonus-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One bonus on /profile/bonuses. */
export function BonusCard({ bonus, onActivate, onCancel, onDetails, busy }: Props) {
  const { t } = useI18n();
  const titleId = `bonus-${bonus.id}`;
  const live = bonus.status !== PlayerBonusStatus.finished;
  return (
    <li
      className={`card bonus-card bonus-card--${live ? 'live' : 'done'}`}
      aria-labelledby={titleId}
      data-bonus={bonus.id}
    >
      <div className="bonus-card__head">
        <span className="bonus-card__icon" aria-hidden="true">
          <Icon name="gift" size={22} />
        </span>
        <h3 id={titleId} className="bonus-card__title">
          {bonus.name}
        </h3>
        <span className={`badge badge--${badgeToneOf(bonus.status, bonus.result)}`} data-testid="bonus-state">
          {t(`${K}.${stateKeyOf(bonus.status, bonus.result)}`)}
        </span>
      </div>
      {bonus.status === PlayerBonusStatus.active && <WagerProgress bonus={bonus} />}
      <BonusFacts bonus={bonus} />
      {live && bonus.isBonusCancelLock && (
        <p className="bonus-card__note">
          <Icon name="info" size={16} /> {t(`${K}.locked`)}
        </p>
      )}
      {live && bonus.openedTransactionsCount > 0 && (
        <p className="bonus-card__note">
          <Icon name="clock" size={16} /> {t(`${K}.unsettled`, { count: bonus.openedTransactionsCount })}
        </p>
      )}
      <div className="bonus-card__actions">
        {live && bonus.status === PlayerBonusStatus.issued && onActivate && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-label={t(`${K}.activateNamed`, { name: bonus.name })}
            onClick={() => onActivate(bonus)}
          >
            {t(`${K}.activate`)}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-label={t(`${K}.detailsNamed`, { name: bonus.name })}
          onClick={() => onDetails(bonus)}
        >
          {t(`${K}.details`)}
        </button>
        {live && onCancel && (
          <button
            type="button"
            className="button button--ghost bonus-card__cancel"
            disabled={busy}
            aria-label={t(`${K}.cancelNamed`, { name: bonus.name })}
            onClick={() => onCancel(bonus)}
          >
            {t(`${K}.cancel`)}
          </button>
        )}
      </div>
    </li>
  );
}
