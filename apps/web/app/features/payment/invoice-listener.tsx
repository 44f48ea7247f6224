import { InvoiceEvent, InvoiceStatus, PlayerChannel } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { usePlayerChannel } from '../realtime/index.ts';
import { trackWallet } from './analytics.ts';
import { wasCancelledHere } from './cancelled-here.ts';
import { invoiceAlert, invoiceDate } from './invoice-alert.ts';
import { clearPendingInvoice, receivePendingQr, wasSuperseded } from './pending-invoice.ts';

/**
 * Invoice publications on `payment:invoices#{id}` (api-contract §14.2 list 1): success and failure
 * alerts with {sum} and {date}, the QR an asyncRedirect deposit waits for, the funnel's last step and
 * the pending-invoice marker. Mounted once in the shell; subscribes only for a logged-in player.
 */
export function InvoiceListener() {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  const { format } = useMoney();

  usePlayerChannel(PlayerChannel.invoices, (data: unknown) => {
    const parsed = InvoiceEvent.safeParse(data);
    if (!parsed.success) return;
    const { event, invoice } = parsed.data;
    if (invoice.status === InvoiceStatus.pending) {
      if (invoice.publicData?.qr) receivePendingQr(invoice.id, invoice.publicData.qr);
      return;
    }
    const alert = invoiceAlert(parsed.data);
    if (!alert) return;
    clearPendingInvoice(invoice.id);
    // The tab that caused the failure already said so.
    if (alert.type === 'error' && (wasSuperseded(invoice.id) || wasCancelledHere(invoice.id))) return;
    if (event === 'invoice.deposit.updated') {
      trackWallet(alert.type === 'success' ? 'success' : 'failure', {
        invoiceId: invoice.id,
        number: invoice.number,
        method: invoice.paymentMethod,
        currency: invoice.currency,
        amount: invoice.amount,
      });
    }
    const params = { sum: format(invoice.amount, invoice.currency), date: invoiceDate(invoice.createdAt, locale) };
    toasts.show({
      type: alert.type,
      title: t(`alerts.${alert.key}.title`),
      description: t(`alerts.${alert.key}.text`, params),
    });
  });
  return null;
}
