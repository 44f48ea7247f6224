import { type FormEvent, useState } from 'react';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useT } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useEquivalentCurrency } from '../../shared/money/equivalent.ts';
import { useMoney } from '../../shared/money/use-money.ts';

/**
 * `equivalent-currency` (logged-in only): the currency crypto balances are also shown in, kept in local
 * preferences (spec §3). Fiat currencies only: an equivalent in another crypto helps nobody.
 */
export function EquivalentCurrencyModal({ close, titleId }: ModalProps) {
  const t = useT();
  const { currencies } = useMoney();
  const equivalent = useEquivalentCurrency();
  const [code, setCode] = useState(equivalent.code ?? '');
  const [error, setError] = useState<string | undefined>();
  const options = currencies
    .filter((c) => c.type === 'fiat' && c.visible)
    .map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setError(t('global-components.wallet.chooseCurrency'));
    equivalent.set(code);
    close();
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h2 id={titleId}>{t('global-components.wallet.equivalentCurrency')}</h2>
      <p className="muted">{t('global-components.wallet.equivalentIntro')}</p>
      <SelectField
        label={t('global-components.wallet.currency')}
        name="equivalentCurrency"
        placeholder={t('global-components.wallet.chooseCurrency')}
        options={options}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" className="button button--primary button--block">
        {t('global-components.wallet.save')}
      </button>
      {equivalent.code && (
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => {
            equivalent.remove();
            close();
          }}
        >
          {t('global-components.wallet.removeEquivalent')}
        </button>
      )}
    </form>
  );
}
