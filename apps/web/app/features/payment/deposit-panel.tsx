import type { Account, Currency, DepositResponse, PaymentMethod } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { displayUnit, fromDisplayAmount } from '../../shared/money/money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { type BonusChoice, DepositBonuses, depositBonusFields } from '../bonuses/index.ts';
import { countryParam, usePaymentRegion } from '../wallet/index.ts';
import { trackWallet } from './analytics.ts';
import { CryptoAddress, type CryptoInvoice } from './crypto-address.tsx';
import { setDepositInProgress } from './deposit-guard.ts';
import { DepositLimitPanel } from './deposit-limit-panel.tsx';
import { FieldKey } from './method-fields.ts';
import { MethodForm } from './method-form.tsx';
import { MethodsFailed, MethodsSkeleton } from './methods-state.tsx';
import { clearPendingInvoice, markPendingInvoice, usePendingInvoice } from './pending-invoice.ts';
import { QrCode } from './qr-code.tsx';
import { depositStep, ResultModal, returnUrls } from './return-urls.ts';
import { useChosenMethod } from './use-methods.ts';
import { usePaymentForm } from './use-payment-form.ts';

/** Profile status 2: deposits restricted (api-contract §1.6). */
const DEPOSITS_RESTRICTED = 2;

/** What the panel shows after a submit that keeps the player here. */
type Waiting =
  | { kind: 'crypto'; invoice: CryptoInvoice }
  | { kind: 'iframe'; url: string; invoiceId: string }
  | { kind: 'qr'; qr: string; invoiceId: string }
  | { kind: 'async'; invoiceId: string };

interface Props {
  account: Account;
  currency: Currency;
}

/** The deposit tab (spec §7, api-contract §8): method, amount, fields, and each processingType's next step. */
export function DepositPanel({ account, currency }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const modals = useModals();
  const { profile } = useSession();
  const { region, geoCountry } = usePaymentRegion();
  const { methods, method, select: choose } = useChosenMethod('deposit', account.currency);
  const form = usePaymentForm(method, currency);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const pending = usePendingInvoice();
  const restricted = profile?.status === DEPOSITS_RESTRICTED;
  const [bonus, setBonus] = useState<BonusChoice>({ kind: 'none' });

  // Leaving now would abandon the deposit: closing asks through cancel-deposit first.
  useEffect(() => {
    setDepositInProgress(form.dirty || waiting !== null);
  }, [form.dirty, waiting]);
  useEffect(() => () => setDepositInProgress(false), []);

  // The awaited invoice reached a final status (the marker is cleared by the invoice listener).
  useEffect(() => {
    if (waiting && (!pending || pending.invoiceId !== invoiceIdOf(waiting))) setWaiting(null);
  }, [pending, waiting]);

  const select = (key: string) => {
    choose(key);
    setWaiting(null);
    trackWallet('method', { method: key, currency: account.currency, tab: 'deposit' });
  };

  const handle = useCallback(
    (response: DepositResponse, chosen: PaymentMethod) => {
      if (chosen.type === 'address') {
        markPendingInvoice(response.invoiceId);
        setWaiting({
          kind: 'crypto',
          invoice: {
            invoiceId: response.invoiceId,
            address: response.address ?? '',
            tag: response.tag,
            qr: response.qr,
          },
        });
        return;
      }
      const step = depositStep(chosen.processingType, response, window.location.origin);
      switch (step.kind) {
        case 'navigate':
          setDepositInProgress(false);
          navigate(step.to, { replace: true, preventScrollReset: true });
          return;
        case 'window': {
          markPendingInvoice(response.invoiceId);
          const opened = window.open(step.url, '_blank');
          // A blocked pop-up: the PSP page takes this tab and returns to it.
          if (!opened) window.location.assign(step.url);
          else modals.switchTo('wallet', ResultModal.redirect);
          return;
        }
        case 'iframe':
          markPendingInvoice(response.invoiceId);
          setWaiting({ kind: 'iframe', url: step.url, invoiceId: response.invoiceId });
          return;
        case 'qr':
          markPendingInvoice(response.invoiceId);
          setWaiting({ kind: 'qr', qr: step.qr, invoiceId: response.invoiceId });
          return;
        case 'await':
          markPendingInvoice(step.invoiceId, true);
          setWaiting({ kind: 'async', invoiceId: step.invoiceId });
          return;
        case 'message':
          markPendingInvoice(response.invoiceId);
          modals.switchTo('wallet', ResultModal.pending);
      }
    },
    [modals, navigate],
  );

  const submit = useCallback(
    async (networkChange = false) => {
      if (!method || busy || restricted) return;
      const valid = form.check();
      if (!valid) return;
      if (!networkChange)
        trackWallet('submit', { method: method.method, currency: account.currency, amount: valid.amount });
      setBusy(true);
      try {
        const { data } = await browserApi().payment.deposit({
          body: {
            method: method.method,
            currency: account.currency,
            amount: valid.amount,
            accountId: account.id,
            country: countryParam(region, geoCountry),
            ...depositBonusFields(bonus),
            fields: valid.fields,
            ...returnUrls(location.pathname, location.search, method),
          },
        });
        form.clearDirty();
        handle(data, method);
      } catch (error) {
        const fields = fieldErrorsOf(error);
        const shown = fields && Object.keys(fields).length > 0;
        if (shown) form.showServerErrors(fields);
        else {
          setDepositInProgress(false);
          modals.switchTo('wallet', ResultModal.error);
        }
      } finally {
        setBusy(false);
      }
    },
    [method, busy, restricted, form, account, region, geoCountry, location, handle, modals, bonus],
  );

  // A crypto address belongs to its network: a network change asks for a new one (api-contract §8).
  const network = form.values[FieldKey.network];
  const shownNetwork = useRef(network);
  useEffect(() => {
    if (shownNetwork.current === network) return;
    shownNetwork.current = network;
    if (waiting?.kind === 'crypto') void submit(true);
  }, [network, waiting, submit]);

  // So is a change of the bonus choice: the address is asked for again with the new choice.
  const bonusKey = bonus.kind === 'bonus' ? bonus.id : bonus.kind;
  const shownBonus = useRef(bonusKey);
  useEffect(() => {
    if (shownBonus.current === bonusKey) return;
    shownBonus.current = bonusKey;
    if (waiting?.kind === 'crypto') void submit(true);
  }, [bonusKey, waiting, submit]);

  if (methods.limitReached) return <DepositLimitPanel />;
  if (methods.status === 'loading') return <MethodsSkeleton />;
  if (methods.status === 'failed') return <MethodsFailed onRetry={methods.reload} />;
  if (!method) return <p className="payment-empty">{t('global-components.payment.noMethods')}</p>;

  const amountLabel = form.limits && form.amountText ? `${form.amountText} ${displayUnit(currency).code}` : '';
  return (
    <>
      <MethodForm
        methods={methods.methods}
        method={method}
        currency={currency}
        form={form}
        busy={busy}
        onSelect={select}
        onSubmit={() => void submit()}
      >
        {!restricted && (
          <DepositBonuses
            currency={currency}
            amount={amountOf(form.amountText, currency)}
            disabled={busy}
            onChoice={setBonus}
          />
        )}
        {restricted ? (
          <Alert tone="error" title={t('alerts.depositsRestricted.title')} text={t('alerts.depositsRestricted.text')} />
        ) : waiting?.kind === 'crypto' ? null : (
          <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
            {busy
              ? t('global-components.payment.processing')
              : method.type === 'address'
                ? t('global-components.payment.crypto.show')
                : t('global-components.payment.depositButton', { amount: amountLabel })}
          </button>
        )}
      </MethodForm>
      {waiting?.kind === 'crypto' && (
        <CryptoAddress invoice={waiting.invoice} currency={account.currency} busy={busy} />
      )}
      {waiting?.kind === 'iframe' && (
        <iframe className="payment-iframe" src={waiting.url} title={t('global-components.payment.providerFrame')} />
      )}
      {waiting?.kind === 'qr' && (
        <div className="payment-crypto">
          <QrCode value={waiting.qr} label={t('global-components.payment.qrAlt')} />
        </div>
      )}
      {waiting?.kind === 'async' && (
        <div className="payment-crypto" aria-live="polite">
          {pending?.qr ? (
            <QrCode value={pending.qr} label={t('global-components.payment.qrAlt')} />
          ) : (
            <p className="payment-waiting">
              <span className="payment-spinner" aria-hidden="true" />
              {t('global-components.payment.awaiting')}
            </p>
          )}
        </div>
      )}
      {waiting && (
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => {
            clearPendingInvoice(invoiceIdOf(waiting));
            setWaiting(null);
          }}
        >
          {t('global-components.payment.startOver')}
        </button>
      )}
    </>
  );
}

/** The typed amount in major units for the bonus offers, or null while it does not parse. */
function amountOf(text: string, currency: Currency): number | null {
  if (!text.trim()) return null;
  try {
    const major = fromDisplayAmount(text, currency);
    return Number.isFinite(major) && major > 0 ? major : null;
  } catch {
    return null;
  }
}

const invoiceIdOf = (w: Waiting) => (w.kind === 'crypto' ? w.invoice.invoiceId : w.invoiceId);
