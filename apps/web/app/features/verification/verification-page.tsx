import { useT } from '../../shared/i18n/i18n.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { SumsubSdk } from './sumsub-sdk.tsx';
import { useVerification } from './use-verification.ts';
import { verificationView } from './verification.ts';

/**
 * /profile/verification: start the identity check, the provider (the sandbox page framed, or Sumsub's
 * WebSDK for a real token), then the review until approved or rejected (with the reason).
 */
export function VerificationPage() {
  const t = useT();
  const v = useVerification();
  const view = verificationView(v.status, v.provider !== null);
  const startButton = (labelKey: string) => (
    <button type="button" className="button button--primary" disabled={v.starting} onClick={() => void v.start()}>
      {v.starting ? t('global-components.common.loading') : t(labelKey)}
    </button>
  );

  return (
    <div className="card stack verification" data-state={view}>
      {v.failed && (
        <>
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
          {v.status === null && (
            <button type="button" className="button button--ghost" onClick={() => void v.retry()}>
              {t('global-components.common.retry')}
            </button>
          )}
        </>
      )}
      {view === 'loading' && !v.failed && <Skeleton lines={3} />}
      {view === 'start' && (
        <>
          <p>{t('global-components.verification.intro')}</p>
          <div>{startButton('global-components.verification.start')}</div>
        </>
      )}
      {view === 'provider' && v.provider?.kind === 'sandbox' && (
        <>
          <p role="status">{t('global-components.verification.pending')}</p>
          <iframe
            className="verification__frame"
            title={t('global-components.verification.frameTitle')}
            src={v.provider.src}
            sandbox=""
            referrerPolicy="no-referrer"
          />
        </>
      )}
      {view === 'provider' && v.provider?.kind === 'sumsub' && (
        <SumsubSdk token={v.provider.token} refreshToken={v.refreshToken} />
      )}
      {view === 'review' && (
        <>
          <Alert
            tone="info"
            title={t('global-components.verification.pendingTitle')}
            text={t('global-components.verification.pending')}
          />
          <div>{startButton('global-components.verification.reopen')}</div>
        </>
      )}
      {view === 'approved' && (
        <Alert
          tone="success"
          title={t('global-components.verification.approvedTitle')}
          text={t('global-components.verification.approved')}
        />
      )}
      {view === 'rejected' && (
        <>
          <Alert
            tone="error"
            title={t('global-components.verification.rejectedTitle')}
            text={
              v.rejectReason
                ? t('global-components.verification.rejectedReason', { reason: v.rejectReason })
                : t('global-components.verification.rejected')
            }
          />
          <div>{startButton('global-components.verification.restart')}</div>
        </>
      )}
    </div>
  );
}
