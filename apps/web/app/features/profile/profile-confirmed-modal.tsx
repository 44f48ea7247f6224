import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { Icon } from '../../shared/ui/icons.tsx';

/** Shown after the e-mail confirmation link lands on `/?profile-confirmed=true` (api-contract §3.4). */
export function ProfileConfirmedModal({ close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  return (
    <div className="modal-message">
      <span className="modal-message__icon modal-message__icon--success" aria-hidden="true">
        <Icon name="check" size={32} />
      </span>
      <h2 id={titleId}>{t('global-components.profileConfirmed.title')}</h2>
      <p>{t('global-components.profileConfirmed.text')}</p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          close();
          navigate(href('/main'));
        }}
      >
        {t('global-components.profileConfirmed.button')}
      </button>
    </div>
  );
}
