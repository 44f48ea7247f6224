import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { canDelete, documentState, isLocal } from './documents.ts';
import type { DocumentRow as Row } from './use-documents.ts';

const BADGE: Record<ReturnType<typeof documentState>, string> = {
  uploading: 'badge--muted',
  failed: 'badge--danger',
  pending: 'badge--warning',
  rejected: 'badge--danger',
  approved: 'badge--success',
};

interface Props {
  row: Row;
  onDelete: (id: string) => Promise<boolean>;
  onDismiss: (id: string) => void;
}

/** One document: name, date, status badge, the reason of a rejection or failure, and delete with a confirmation. */
export function DocumentRow({ row, onDelete, onDismiss }: Props) {
  const { t, locale } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const state = documentState(row.status);
  const date = new Date(row.createdAt);
  const when = Number.isNaN(date.getTime())
    ? row.createdAt
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const failure = row.failure;
  const failureText =
    failure?.kind === 'tooLarge'
      ? t('alerts.fileTooLarge.text')
      : failure?.kind === 'field'
        ? failure.message
        : t('global-components.documents.uploadFailed');

  const confirmDelete = async () => {
    setBusy(true);
    setFailed(false);
    const ok = await onDelete(row.id);
    setBusy(false);
    if (!ok) setFailed(true);
    setConfirming(false);
  };

  return (
    <li className="document" aria-busy={state === 'uploading'}>
      <div className="document__info">
        <p className="document__name">{row.fileName}</p>
        {!isLocal(row) && <p className="muted">{t('global-components.documents.uploadedAt', { date: when })}</p>}
        {state === 'rejected' && row.rejectReason && (
          <p className="document__reason">
            {t('global-components.documents.rejectReason', { reason: row.rejectReason })}
          </p>
        )}
        {state === 'failed' && (
          <p className="document__reason" role="alert">
            {failureText}
          </p>
        )}
        {failed && (
          <p className="document__reason" role="alert">
            {t('global-components.documents.deleteFailed')}
          </p>
        )}
      </div>
      <span className={`badge ${BADGE[state]}`}>{t(`global-components.documents.status.${state}`)}</span>
      {state === 'failed' && (
        <button type="button" className="button button--ghost" onClick={() => onDismiss(row.id)}>
          {t('global-components.documents.dismiss')}
        </button>
      )}
      {canDelete(row) &&
        (confirming ? (
          <div className="document__confirm">
            <span>{t('global-components.documents.deleteConfirm')}</span>
            <button type="button" className="button button--danger" disabled={busy} onClick={confirmDelete}>
              {t('global-components.documents.delete')}
            </button>
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirming(false)}>
              {t('global-components.common.cancel')}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setConfirming(true)}
            aria-label={t('global-components.documents.deleteNamed', { name: row.fileName })}
          >
            {t('global-components.documents.delete')}
          </button>
        ))}
    </li>
  );
}
