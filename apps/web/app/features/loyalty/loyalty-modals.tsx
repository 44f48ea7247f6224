import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useLoyaltyAccount } from './loyalty-store.ts';

const K = 'global-components.loyalty';

/** loyalty-level (spec §2, §4): the level just reached, and the way to the progress page. */
export function LoyaltyLevelModal({ close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  const { account } = useLoyaltyAccount();
  return (
    <div className="modal-message" data-testid="loyalty-level-modal">
      <span className="modal-message__icon modal-message__icon--success" aria-hidden="true">
        <Icon name="crown" size={32} />
      </span>
      <h2 id={titleId}>{t(`${K}.levelUpTitle`)}</h2>
      <p>{t(`${K}.levelUpText`, { level: account?.currentLevel.name ?? '' })}</p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          close();
          navigate(href('/loyalty'));
        }}
      >
        {t(`${K}.levelUpButton`)}
      </button>
    </div>
  );
}

/** loyalty-earn (spec §2, open to everyone): how points are earned. */
export function LoyaltyEarnModal({ close, titleId }: ModalProps) {
  const { t } = useI18n();
  return (
    <div className="loyalty-earn" data-testid="loyalty-earn-modal">
      <h2 id={titleId}>{t(`${K}.earnTitle`)}</h2>
      <ul className="loyalty-earn__list">
        <li>{t(`${K}.earnStake`)}</li>
        <li>{t(`${K}.earnGames`)}</li>
        <li>{t(`${K}.earnBonus`)}</li>
      </ul>
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t(`${K}.earnClose`)}
      </button>
    </div>
  );
}
