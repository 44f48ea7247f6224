import { type PlayerBonus, PlayerBonusStatus } from '@croupier/contracts';
import { type ReactNode, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { realPart, useMoney } from '../../shared/money/use-money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { useWallet } from '../wallet/index.ts';
import { BonusFacts, WagerProgress } from './bonus-card.tsx';
import { activeIn } from './bonus-rules.ts';
import { knownBonus, scheduleRefresh, useLiveBonuses } from './bonus-store.ts';
import { badgeToneOf, stateKeyOf } from './format.ts';
import './bonuses.css';

const K = 'global-components.bonuses';
const M = `${K}.modals`;

/** The bonus a modal's query value names: from the lists already loaded, else the live list once loaded. */
function useBonusOf(id: string) {
  const live = useLiveBonuses();
  const bonus = live.items.find((b) => b.id === id) ?? knownBonus(id);
  return { bonus, live, loading: !bonus && (live.state === 'loading' || live.state === 'idle') };
}

function Frame({
  icon,
  tone,
  titleId,
  title,
  children,
}: {
  icon: IconName;
  tone?: 'success' | 'warning';
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="modal-message bonus-modal">
      <span className={`modal-message__icon${tone ? ` bonus-modal__icon--${tone}` : ''}`} aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}

/** A query value that names no bonus of this player (a stale link): say so instead of an empty dialog. */
function Missing({ titleId, close }: { titleId: string; close: () => void }) {
  const t = useT();
  return (
    <Frame icon="info" titleId={titleId} title={t(`${M}.missingTitle`)}>
      <p>{t(`${M}.missing`)}</p>
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t('global-components.common.close')}
      </button>
    </Frame>
  );
}

function Loading({ titleId }: { titleId: string }) {
  const t = useT();
  return (
    <div className="modal-message" aria-busy="true">
      <h2 id={titleId} className="visually-hidden">
        {t('global-components.common.loading')}
      </h2>
      <Skeleton lines={3} />
    </div>
  );
}

/** Sends the change; closes on success (the lists follow the publication), stays with an error otherwise. */
function useAction(close: () => void) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (request: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await request();
      scheduleRefresh();
      close();
    } catch {
      setError(t(`${K}.actionFailed`));
      setBusy(false);
    }
  };
  return { busy, error, run };
}

type ConfirmKind = 'change' | 'cancelActive' | 'cancelIssued' | 'cancelUnsettled';

/**
 * change-active-bonus, cancel-active-bonus and cancel-issued-bonus share this presentation (spec §2);
 * cancel-unsettled-bonus uses it with the warning look and the unsettled bets named.
 */
function makeConfirm(kind: ConfirmKind) {
  return function BonusConfirmModal({ type, close, titleId }: ModalProps) {
    const t = useT();
    const { format } = useMoney();
    const { bonus, live, loading } = useBonusOf(type);
    const action = useAction(close);
    if (loading) return <Loading titleId={titleId} />;
    if (!bonus || bonus.status === PlayerBonusStatus.finished) return <Missing titleId={titleId} close={close} />;
    const active = kind === 'change' ? activeIn(live.items, bonus.currency) : null;
    const params = {
      name: bonus.name,
      active: active?.name ?? '',
      amount: format(bonus.amount, bonus.currency),
      count: bonus.openedTransactionsCount,
    };
    const confirm = () =>
      void action.run(() =>
        kind === 'change'
          ? browserApi().bonus.activatePlayerBonus({ params: { id: bonus.id } })
          : browserApi().bonus.cancelPlayerBonus({ params: { id: bonus.id } }),
      );
    const warning = kind === 'cancelUnsettled';
    return (
      <Frame
        icon={warning ? 'alert' : 'gift'}
        tone={warning ? 'warning' : undefined}
        titleId={titleId}
        title={t(`${M}.${kind}Title`)}
      >
        <p>{t(`${M}.${kind}Text`, params)}</p>
        {action.error && <Alert tone="error" text={action.error} />}
        <div className="button-row">
          <button
            type="button"
            className={`button button--block ${kind === 'change' ? 'button--primary' : 'button--danger'}`}
            disabled={action.busy}
            onClick={confirm}
          >
            {t(`${M}.${kind === 'change' ? 'changeConfirm' : warning ? 'cancelAnyway' : 'cancelConfirm'}`)}
          </button>
          <button type="button" className="button button--ghost button--block" onClick={close}>
            {t(`${M}.keep`)}
          </button>
        </div>
      </Frame>
    );
  };
}

export const ChangeActiveBonusModal = makeConfirm('change');
export const CancelActiveBonusModal = makeConfirm('cancelActive');
export const CancelIssuedBonusModal = makeConfirm('cancelIssued');
export const CancelUnsettledBonusModal = makeConfirm('cancelUnsettled');

/** The bonus being wagered may not be cancelled or replaced (`isBonusCancelLock`, api-contract §10). */
export function BonusCancelLockModal({ type, close, titleId }: ModalProps) {
  const t = useT();
  const { bonus, live, loading } = useBonusOf(type);
  if (loading) return <Loading titleId={titleId} />;
  if (!bonus) return <Missing titleId={titleId} close={close} />;
  // Opened from Activate, the lock belongs to the active bonus of the same currency.
  const locked = bonus.isBonusCancelLock ? bonus : (activeIn(live.items, bonus.currency) ?? bonus);
  return (
    <Frame icon="info" tone="warning" titleId={titleId} title={t(`${M}.lockTitle`)}>
      <p>{t(`${M}.lockText`, { name: locked.name })}</p>
      {locked.status === PlayerBonusStatus.active && <WagerProgress bonus={locked} />}
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t(`${M}.understood`)}
      </button>
    </Frame>
  );
}

/** Everything about one bonus: state, progress, amounts, max bet, deadlines and the rules that apply. */
export function BonusDetailsModal({ type, close, titleId }: ModalProps) {
  const t = useT();
  const { bonus, loading } = useBonusOf(type);
  if (loading) return <Loading titleId={titleId} />;
  if (!bonus) return <Missing titleId={titleId} close={close} />;
  return <Details bonus={bonus} close={close} titleId={titleId} t={t} />;
}

function Details({
  bonus,
  close,
  titleId,
  t,
}: {
  bonus: PlayerBonus;
  close: () => void;
  titleId: string;
  t: ReturnType<typeof useT>;
}) {
  return (
    <div className="bonus-details">
      <div className="bonus-card__head">
        <span className="bonus-card__icon" aria-hidden="true">
          <Icon name="gift" size={22} />
        </span>
        <h2 id={titleId} className="bonus-card__title">
          {bonus.name}
        </h2>
        <span className={`badge badge--${badgeToneOf(bonus.status, bonus.result)}`}>
          {t(`${K}.${stateKeyOf(bonus.status, bonus.result)}`)}
        </span>
      </div>
      {bonus.status === PlayerBonusStatus.active && <WagerProgress bonus={bonus} />}
      <BonusFacts bonus={bonus} />
      <ul className="bonus-details__rules">
        <li>{t(`${M}.rulesWager`, { multiplier: bonus.wagerCasino })}</li>
        <li>{t(`${M}.rulesMaxBet`)}</li>
        <li>{t(`${M}.rulesOrder`)}</li>
      </ul>
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t('global-components.common.close')}
      </button>
    </div>
  );
}

/** What the balance is made of (spec §2 wallet-bonus-info): real, bonus, withdrawable, the active bonus. */
export function WalletBonusInfoModal({ close, titleId }: ModalProps) {
  const t = useT();
  const { format } = useMoney();
  const wallet = useWallet();
  const live = useLiveBonuses();
  const account = wallet.active;
  const bonus = account ? activeIn(live.items, account.currency) : null;
  return (
    <div className="bonus-details">
      <h2 id={titleId}>{t(`${K}.walletInfo.title`)}</h2>
      <p className="muted">{t(`${K}.walletInfo.intro`)}</p>
      {account ? (
        <dl className="bonus-balances">
          <div>
            <dt>{t(`${K}.walletInfo.real`)}</dt>
            <dd data-testid="info-real">{format(realPart(account), account.currency)}</dd>
            <p className="muted">{t(`${K}.walletInfo.realText`)}</p>
          </div>
          <div>
            <dt>{t(`${K}.walletInfo.bonus`)}</dt>
            <dd data-testid="info-bonus">{format(account.bonusBalance, account.currency)}</dd>
            <p className="muted">{t(`${K}.walletInfo.bonusText`)}</p>
          </div>
          <div>
            <dt>{t(`${K}.walletInfo.withdrawable`)}</dt>
            <dd>{format(account.withdrawalBalance, account.currency)}</dd>
          </div>
        </dl>
      ) : (
        <Skeleton lines={3} />
      )}
      {bonus && (
        <div className="card bonus-details__active">
          <p className="bonus-card__title">{t(`${K}.walletInfo.active`, { name: bonus.name })}</p>
          <WagerProgress bonus={bonus} />
          {bonus.maxBetAmount !== null && (
            <p className="muted">
              {t(`${K}.walletInfo.maxBet`, { amount: format(bonus.maxBetAmount, bonus.currency) })}
            </p>
          )}
        </div>
      )}
      <div className="button-row">
        <LocalLink to="/profile/bonuses" className="button button--primary button--block">
          {t(`${K}.walletInfo.seeBonuses`)}
        </LocalLink>
        <button type="button" className="button button--ghost button--block" onClick={close}>
          {t('global-components.common.close')}
        </button>
      </div>
    </div>
  );
}
