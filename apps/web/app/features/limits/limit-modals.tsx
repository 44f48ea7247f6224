import { LimitDefinition } from '@croupier/contracts/reference/index';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { LimitFrame } from './limit-frame.tsx';
import { K, usePeriodLabel } from './limits-page.tsx';
import './limits.css';

// The cash limits' add and edit modal is cash-limit-modal.tsx.

const M = `${K}.modals`;

/** self-exclusion-limit: `?self-exclusion-limit={period}`. Confirmed, it closes every session: logout follows. */
export function SelfExclusionLimitModal({ type, close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const { logout } = useSession();
  const navigate = useNavigate();
  const toasts = useToasts();
  const periodLabel = usePeriodLabel();
  const checkId = useId();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await browserApi().limits.create({ body: { definition: LimitDefinition.selfExclusion, period: type } });
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    toasts.show({ type: 'warning', title: t('alerts.selfExcluded.title'), description: t('alerts.selfExcluded.text') });
    // The server closed every session already; the client logs out right after (api-contract §6).
    logout('user');
    navigate(href('/'), { replace: true });
  };

  return (
    <LimitFrame titleId={titleId} title={t(`${M}.selfExclusionTitle`)} icon="alert">
      <p>{t(`${M}.selfExclusionText`, { period: periodLabel(type) })}</p>
      <Alert tone="error" text={t(`${M}.selfExclusionWarning`)} />
      <div className="checkbox">
        <input
          id={checkId}
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.currentTarget.checked)}
        />
        <label htmlFor={checkId}>{t(`${M}.selfExclusionUnderstood`)}</label>
      </div>
      {failed && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      <button
        type="button"
        className="button button--danger button--block"
        disabled={!understood || busy}
        aria-busy={busy || undefined}
        onClick={() => void confirm()}
      >
        {t(`${M}.selfExclusionConfirm`)}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={close}>
        {t('global-components.common.cancel')}
      </button>
    </LimitFrame>
  );
}
