import { PlayerBonusStatus, PlayerChannel, type PlayerFreespin } from '@croupier/contracts';
import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { usePlayerChannel } from '../realtime/index.ts';
import { useLiveFreeSpins } from './free-spins-store.ts';

const K = 'global-components.bonuses';

/** One player's free spins: spins played, bet per spin, winnings so far; Play, Activate and Cancel. */
function FreeSpinCard({ spin, onChange }: { spin: PlayerFreespin; onChange: () => void }) {
  const { t } = useI18n();
  const { format } = useMoney();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = `free-spin-${spin.id}`;
  const act = async (action: 'activate' | 'cancel') => {
    setBusy(true);
    setFailed(false);
    try {
      const api = browserApi().bonus;
      if (action === 'activate') await api.activatePlayerFreespin({ params: { id: spin.id } });
      else await api.cancelPlayerFreespin({ params: { id: spin.id } });
      onChange();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const active = spin.status === PlayerBonusStatus.active;
  return (
    <li className="card bonus-card bonus-card--live" aria-labelledby={titleId} data-free-spin={spin.id}>
      <div className="bonus-card__head">
        <span className="bonus-card__icon" aria-hidden="true">
          <Icon name="gift" size={22} />
        </span>
        <h3 id={titleId} className="bonus-card__title">
          {spin.name}
        </h3>
        <span className={`badge badge--${active ? 'success' : 'info'}`}>
          {t(`${K}.status.${active ? 'active' : 'issued'}`)}
        </span>
      </div>
      <div className="bonus-progress">
        <div
          className="bonus-progress__track"
          role="progressbar"
          aria-label={t(`${K}.freeSpins.played`, { used: spin.usedCount, count: spin.count })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={spin.progress}
        >
          <span className="bonus-progress__bar" style={{ width: `${spin.progress}%` }} />
        </div>
        <p className="bonus-progress__amounts muted" data-testid="free-spin-played">
          {t(`${K}.freeSpins.played`, { used: spin.usedCount, count: spin.count })}
        </p>
      </div>
      <dl className="bonus-facts">
        <div>
          <dt>{t(`${K}.freeSpins.bet`)}</dt>
          <dd>{format(spin.betAmount, spin.currency)}</dd>
        </div>
        <div>
          <dt>{t(`${K}.freeSpins.win`)}</dt>
          <dd data-testid="free-spin-win">{format(spin.winAmount, spin.currency)}</dd>
        </div>
      </dl>
      <p className="bonus-card__note">
        <Icon name="info" size={16} /> {t(`${K}.freeSpins.note`)}
      </p>
      {failed && <Alert tone="error" text={t(`${K}.actionFailed`)} />}
      <div className="bonus-card__actions">
        {active ? (
          <LocalLink className="button button--primary" to={`/games/${encodeURIComponent(spin.gameId)}`}>
            {t(`${K}.freeSpins.play`)}
          </LocalLink>
        ) : (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void act('activate')}>
            {t(`${K}.activate`)}
          </button>
        )}
        {confirming ? (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void act('cancel')}>
            {t(`${K}.freeSpins.confirmCancel`)}
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost bonus-card__cancel"
            aria-label={t(`${K}.cancelNamed`, { name: spin.name })}
            onClick={() => setConfirming(true)}
          >
            {t(`${K}.cancel`)}
          </button>
        )}
      </div>
    </li>
  );
}

/** The free-spins part of /profile/bonuses (api-contract §10 PlayerFreespin); hidden while there are none. */
export function FreeSpinsSection() {
  const { t } = useI18n();
  const spins = useLiveFreeSpins();
  usePlayerChannel(PlayerChannel.playerFreespins, spins.receive);
  if (spins.state === 'ready' && spins.items.length === 0) return null;
  return (
    <section className="bonus-section" aria-labelledby="bonuses-free-spins">
      <h2 id="bonuses-free-spins" className="bonus-section__title">
        {t(`${K}.freeSpins.title`)}
      </h2>
      {spins.state === 'loading' ? (
        <div className="card bonus-card" role="status" aria-busy="true">
          <Skeleton lines={3} />
        </div>
      ) : spins.state === 'failed' ? (
        <Alert tone="error" text={t(`${K}.loadFailed`)} />
      ) : (
        <ul className="bonus-list" data-testid="bonuses-free-spins">
          {spins.items.map((s) => (
            <FreeSpinCard key={s.id} spin={s} onChange={() => void spins.reload()} />
          ))}
        </ul>
      )}
    </section>
  );
}
