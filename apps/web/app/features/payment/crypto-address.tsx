import { useT } from '../../shared/i18n/i18n.tsx';
import { CopyButton } from './copy-button.tsx';
import { QrCode } from './qr-code.tsx';

export interface CryptoInvoice {
  invoiceId: string;
  address: string;
  tag?: string;
  qr?: string;
}

/**
 * Where to send a crypto deposit (api-contract §8, type 'address'): the address, its destination tag when
 * the network needs one, copy buttons and the payment QR (the `qr` URI, or the bare address).
 */
export function CryptoAddress({
  invoice,
  currency,
  busy,
}: {
  invoice: CryptoInvoice;
  currency: string;
  busy: boolean;
}) {
  const t = useT();
  return (
    <section className="payment-crypto" aria-busy={busy} aria-live="polite" data-invoice={invoice.invoiceId}>
      <QrCode
        value={invoice.qr || invoice.address}
        label={t('global-components.payment.crypto.qrAlt', { address: invoice.address })}
      />
      <div className="payment-crypto__row">
        <span className="field__label">{t('global-components.payment.crypto.address')}</span>
        <code className="payment-crypto__value" data-testid="deposit-address">
          {invoice.address}
        </code>
        <CopyButton value={invoice.address} label={t('global-components.payment.crypto.copyAddress')} />
      </div>
      {invoice.tag && (
        <div className="payment-crypto__row">
          <span className="field__label">{t('global-components.payment.crypto.tag')}</span>
          <code className="payment-crypto__value">{invoice.tag}</code>
          <CopyButton value={invoice.tag} label={t('global-components.payment.crypto.copyTag')} />
        </div>
      )}
      <p className="field__hint">{t('global-components.payment.crypto.note', { currency })}</p>
      <p className="payment-waiting">
        <span className="payment-spinner" aria-hidden="true" />
        {t('global-components.payment.crypto.waiting')}
      </p>
    </section>
  );
}
