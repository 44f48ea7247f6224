import { InvoiceEvent, InvoiceStatus, PlayerChannel } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { usePlayerChannel } from '../realtime/index.ts';
import { trackWallet } from './analytics.ts';
import { wasCancelledHere } from './cancelled-here.ts';
import { invoiceAlert, invoiceDate } from './invoice-alert.ts';
import { catchUpPendingDeposit } from './invoice-catch-up.ts';
import { clearPendingInvoice, receivePendingQr, wasSuperseded } from './pending-invoice.ts';

/** Invoices whose final alert this tab gave: a publication and the catch-up read may both bring it. */
const announced = new Set<string>();

/**
 * Invoice publications on `payment:invoices#{id}` (api-contract §14.2 list 1): success and failure
 * alerts with {sum} and {date}, the QR an asyncRedirect deposit waits for, the funnel's last step and
 * the pending-invoice marker. Mounted once in the shell; subscribes only for a logged-in player. Each
 * time the channel (re)subscribes, an awaited deposit is read once, in case its publication was missed
 * (decision 0084).
 */
export function InvoiceListener() {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  const { format } = useMoney();

  const handle = ({ event, invoice }: InvoiceEvent) => {
    if (invoice.status === InvoiceStatus.pending) {
      if (invoice.publicData?.qr) receivePendingQr(invoice.id, invoice.publicData.qr);
      return;
    }
    const alert = invoiceAlert({ event, invoice });
    if (!alert || announced.has(invoice.id)) return;
    announced.add(invoice.id);
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
  };

  usePlayerChannel(
    PlayerChannel.invoices,
    (data: unknown) => {
      const parsed = InvoiceEvent.safeParse(data);
      if (parsed.success) handle(parsed.data);
    },
    () => {
      catchUpPendingDeposit()
        .then((event) => event && handle(event))
        .catch((error: unknown) => console.warn('pending deposit check failed', error));
    },
  );
  return null;
}
