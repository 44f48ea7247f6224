import type { Account, Currency } from '@croupier/contracts';
import { useCallback, useState } from 'react';
import { fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useMoney } from '../../shared/money/use-money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { countryParam, usePaymentRegion, useWallet } from '../wallet/index.ts';
import { trackWallet } from './analytics.ts';
import { MethodForm } from './method-form.tsx';
import { MethodsFailed, MethodsSkeleton } from './methods-state.tsx';
import { withFields } from './return-urls.ts';
import { useChosenMethod } from './use-methods.ts';
import { usePaymentForm } from './use-payment-form.ts';

interface Props {
  account: Account;
  currency: Currency;
}

/**
 * The withdraw tab (api-contract §8): the amount is capped by `withdrawalBalance`; a `form`/`iframe`
 * answer goes to the provider like a deposit, anything else closes the wallet with the "withdrawal
 * processed" alert. 422 maps onto the inputs; other failures show the generic alert.
 */
export function WithdrawPanel({ account, currency }: Props) {
  const t = useT();
  const modals = useModals();
  const toasts = useToasts();
  const { format } = useMoney();
  const { reload } = useWallet();
  const { region, geoCountry } = usePaymentRegion();
  const { methods, method, select } = useChosenMethod('withdrawal', account.currency);
  const form = usePaymentForm(method, currency, account.withdrawalBalance);
  const [busy, setBusy] = useState(false);
  const [frame, setFrame] = useState<string | null>(null);

  const submit = useCallback(async () => {
    if (!method || busy) return;
    const valid = form.check();
    if (!valid) return;
    trackWallet('submit', { method: method.method, currency: account.currency, amount: valid.amount, tab: 'withdraw' });
    setBusy(true);
    try {
      const { data } = await browserApi().payment.withdraw({
        body: {
          method: method.method,
          currency: account.currency,
          amount: valid.amount,
          accountId: account.id,
          country: countryParam(region, geoCountry),
          fields: valid.fields,
        },
      });
      const url = data.action ? withFields(data.action, data.fields ?? {}) : '';
      if (url && method.processingType === 'iframe') setFrame(url);
      else if (url && method.processingType === 'form') {
        if (!window.open(url, '_blank')) window.location.assign(url);
      } else {
        // Our own action moved money to the locked part: show it now rather than wait for the socket.
        reload().catch(() => {});
        modals.close('wallet');
        toasts.show({
          type: 'success',
          title: t('alerts.withdrawalProcessed.title'),
          description: t('alerts.withdrawalProcessed.text'),
        });
      }
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && Object.keys(fields).length > 0) form.showServerErrors(fields);
      else {
        toasts.show({
          type: 'error',
          title: t('alerts.somethingWentWrong.title'),
          description: t('alerts.somethingWentWrong.text'),
        });
      }
    } finally {
      setBusy(false);
    }
  }, [method, busy, form, account, region, geoCountry, modals, toasts, t, reload]);

  if (methods.status === 'loading') return <MethodsSkeleton />;
  if (methods.status === 'failed') return <MethodsFailed onRetry={methods.reload} />;
  if (!method) return <p className="payment-empty">{t('global-components.payment.noWithdrawalMethods')}</p>;
  if (frame)
    return <iframe className="payment-iframe" src={frame} title={t('global-components.payment.providerFrame')} />;

  return (
    <>
      <p className="payment-available" data-testid="withdrawable">
        {t('global-components.payment.withdrawable', { amount: format(account.withdrawalBalance, account.currency) })}
      </p>
      <MethodForm
        methods={methods.methods}
        method={method}
        currency={currency}
        form={form}
        busy={busy}
        onSelect={(key) => {
          select(key);
          trackWallet('method', { method: key, currency: account.currency, tab: 'withdraw' });
        }}
        onSubmit={() => void submit()}
      >
        <button
          type="submit"
          className="button button--primary button--block button--large"
          disabled={busy || account.withdrawalBalance <= 0}
        >
          {busy ? t('global-components.payment.processing') : t('global-components.payment.withdrawButton')}
        </button>
      </MethodForm>
    </>
  );
}
