import { type Invoice, InvoiceStatus } from '@croupier/contracts';
import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { serverMessageOf } from '../wallet/index.ts';
import { canCancel } from './invoice-query.ts';
import { PUBLIC_DATA_FIELDS } from './labels.ts';

const BADGE: Record<number, string> = {
  [InvoiceStatus.pending]: 'badge--warning',
  [InvoiceStatus.success]: 'badge--success',
  [InvoiceStatus.failure]: 'badge--danger',
};

interface Props {
  invoice: Invoice;
  label: (group: 'invoiceStatus' | 'invoiceType', id: number) => string;
  onCancel: (id: string) => Promise<unknown>;
}

/** One invoice: date, type, amount, method, status, cash-agent details, and Cancel on a pending withdrawal. */
export function InvoiceRow({ invoice, label, onCancel }: Props) {
  const { t, locale } = useI18n();
  const { format } = useMoney();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const date = new Date(invoice.createdAt);
  const when = Number.isNaN(date.getTime())
    ? invoice.createdAt
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const details = PUBLIC_DATA_FIELDS.flatMap((key) => {
    const value = invoice.publicData?.[key];
    return typeof value === 'string' || typeof value === 'number' ? [{ key, value: String(value) }] : [];
  });

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await onCancel(invoice.id);
    } catch (failure) {
      setError(serverMessageOf(failure) ?? t('global-components.history.cancelFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="card history-row" data-invoice={invoice.id} data-status={invoice.status}>
      <div className="history-row__head">
        <span className="history-row__type">{label('invoiceType', invoice.invoiceType)}</span>
        <span className="history-row__amount">{format(invoice.amount, invoice.currency)}</span>
      </div>
      <div className="history-row__meta muted">
        <time dateTime={invoice.createdAt}>{when}</time>
        <span>{invoice.paymentMethod}</span>
        <span className="history-row__id" title={invoice.id}>
          {t('global-components.history.id', { id: invoice.id.slice(0, 8) })}
        </span>
      </div>
      {details.length > 0 && (
        <dl className="history-row__details">
          {details.map(({ key, value }) => (
            <div key={key}>
              <dt>{t(`global-components.history.publicData.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="history-row__foot">
        <span className={`badge ${BADGE[invoice.status] ?? 'badge--muted'}`}>
          {label('invoiceStatus', invoice.status)}
        </span>
        {canCancel(invoice) && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void cancel()}>
            {t('global-components.history.cancelWithdrawal')}
          </button>
        )}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
