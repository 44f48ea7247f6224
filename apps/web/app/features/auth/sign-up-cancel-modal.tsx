import { useT } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';

/** Asked when the visitor dismisses sign-up: stay, or leave registration (both modals close). */
export function SignUpCancelModal({ close, titleId }: ModalProps) {
  const t = useT();
  const modals = useModals();
  return (
    <div className="modal-message">
      <h2 id={titleId}>{t('global-components.auth.cancelTitle')}</h2>
      <p>{t('global-components.auth.cancelText')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('global-components.auth.cancelStay')}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => modals.closeAll(['sign-up-cancel', 'sign-up'])}
        >
          {t('global-components.auth.cancelLeave')}
        </button>
      </div>
    </div>
  );
}
