import { useEffect } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useWallet } from '../wallet/index.ts';
import { setDepositInProgress } from './deposit-guard.ts';
import { clearPendingInvoice } from './pending-invoice.ts';
import { ResultModal } from './return-urls.ts';
import './payment.css';

/** Texts of the three "good news" results, one presentation (spec §2). */
const TEXTS: Readonly<Record<string, { title: string; text: string }>> = {
  [ResultModal.success]: {
    title: 'global-components.payment.result.successTitle',
    text: 'global-components.payment.result.successText',
  },
  [ResultModal.pending]: { title: 'alerts.depositPending.title', text: 'alerts.depositPending.text' },
  [ResultModal.redirect]: { title: 'alerts.depositRedirect.title', text: 'alerts.depositRedirect.text' },
};

function makeResultModal(name: string) {
  return function DepositResultModal({ close, titleId }: ModalProps) {
    const t = useT();
    const { reload } = useWallet();
    const texts = TEXTS[name]!;
    // Back from the PSP: the balance may have moved while this page was away.
    useEffect(() => {
      if (name === ResultModal.success) reload().catch(() => {});
    }, [reload]);
    return (
      <div className="modal-message" data-result={name}>
        <span className="modal-message__icon modal-message__icon--success" aria-hidden="true">
          <Icon name="check" size={32} />
        </span>
        <h2 id={titleId}>{t(texts.title)}</h2>
        <p>{t(texts.text)}</p>
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('global-components.payment.result.continue')}
        </button>
      </div>
    );
  };
}

export const DepositSuccessModal = makeResultModal(ResultModal.success);
export const DepositPendingModal = makeResultModal(ResultModal.pending);
export const DepositRedirectModal = makeResultModal(ResultModal.redirect);

/** The deposit did not go through (declined card, PSP error, any failed submit). */
export function DepositErrorModal({ titleId }: ModalProps) {
  const t = useT();
  const modals = useModals();
  return (
    <div className="modal-message" data-result={ResultModal.error}>
      <span className="modal-message__icon payment-result__icon--error" aria-hidden="true">
        <Icon name="alert" size={32} />
      </span>
      <h2 id={titleId}>{t('alerts.depositError.title')}</h2>
      <p>{t('alerts.depositError.text')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => modals.switchTo(ResultModal.error, 'wallet', { wallet: 'deposit' })}
        >
          {t('global-components.payment.result.tryAgain')}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => modals.close(ResultModal.error)}
        >
          {t('global-components.common.close')}
        </button>
      </div>
    </div>
  );
}

/** Asked when the wallet is dismissed during a deposit: stay, or abandon it (both close). */
export function CancelDepositModal({ close, titleId }: ModalProps) {
  const t = useT();
  const modals = useModals();
  return (
    <div className="modal-message">
      <h2 id={titleId}>{t('global-components.payment.cancel.title')}</h2>
      <p>{t('global-components.payment.cancel.text')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('global-components.payment.cancel.stay')}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => {
            setDepositInProgress(false);
            clearPendingInvoice();
            modals.closeAll(['cancel-deposit', 'wallet']);
          }}
        >
          {t('global-components.payment.cancel.leave')}
        </button>
      </div>
    </div>
  );
}
