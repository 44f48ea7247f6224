import { type Country, endpoints } from '@croupier/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useT } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { usePaymentRegion } from './region.ts';

/**
 * `wallet-region` (logged-in only): the country whose payment methods the wallet offers, from
 * /api/settings/countries, stored under the payment geo key. Choosing the geo country clears the choice,
 * so the server keeps deciding from geo (api-contract §8).
 */
export function WalletRegionModal({ close, titleId }: ModalProps) {
  const t = useT();
  const { region, geoCountry, setRegion } = usePaymentRegion();
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState(region ?? '');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    browserApi()
      .call(endpoints.settings.countries)
      .then(({ data }) => setCountries(data.filter((c) => !c.restrict)))
      .catch(() => setFailed(true));
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setError(t('global-components.wallet.chooseCountry'));
    setRegion(code === geoCountry ? null : code);
    close();
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h2 id={titleId}>{t('global-components.wallet.paymentRegion')}</h2>
      <p className="muted">{t('global-components.wallet.regionIntro')}</p>
      {failed ? (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      ) : countries === null ? (
        <Skeleton lines={2} />
      ) : (
        <SelectField
          label={t('global-components.wallet.country')}
          name="paymentRegion"
          placeholder={t('global-components.wallet.chooseCountry')}
          options={countries.map((c) => ({ value: c.code, label: c.nativeName || c.name }))}
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <button type="submit" className="button button--primary button--block" disabled={!countries}>
        {t('global-components.wallet.save')}
      </button>
    </form>
  );
}
