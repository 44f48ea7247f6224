import type { Account } from '@croupier/contracts';
import { type FormEvent, useState } from 'react';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { serverMessageOf } from './action-error.ts';

/** Opens an account in an enabled, visible currency the player does not hold yet (POST /api/wallet/accounts). */
export function AddAccount({
  accounts,
  onCreate,
}: {
  accounts: Account[];
  onCreate: (code: string) => Promise<unknown>;
}) {
  const t = useT();
  const { currencies } = useMoney();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const held = new Set(accounts.map((a) => a.currency));
  const options = currencies
    .filter((c) => c.visible && c.isEnabled && !held.has(c.code))
    .map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

  if (currencies.length > 0 && options.length === 0) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setError(t('global-components.wallet.chooseCurrency'));
    setBusy(true);
    setError(null);
    try {
      await onCreate(code);
      setCode('');
    } catch (failure) {
      setError(serverMessageOf(failure) ?? t('global-components.wallet.addFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card wallet-add" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField
        label={t('global-components.wallet.addCurrency')}
        name="currency"
        placeholder={t('global-components.wallet.chooseCurrency')}
        options={options}
        value={code}
        error={error ?? undefined}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('global-components.wallet.add')}
      </button>
    </form>
  );
}
