import type {
  CountryPaymentMethods,
  PaymentMethodKey,
  RestrictedCountry,
  SiteSettingsValue,
  SiteSettingsView,
} from '@croupier/contracts';
import { UpdateSiteSettingsRequest } from '@croupier/contracts/backoffice/site-settings';
import { baseCountries } from '@croupier/contracts/reference/countries';
import { currencies } from '@croupier/contracts/reference/currencies';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { Field } from '../../ui/field.tsx';
import { problemOfSchema } from '../content/validation.ts';
import { Fact, SettingsFacts, SettingsForm, SettingsPanel, useSettingsSave } from '../settings/settings-form.tsx';

export const siteSettingsKey = ['settings', 'site'] as const;

const COUNTRIES = [...baseCountries].sort((a, b) => a.name.localeCompare(b.name));
const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
const RESTRICT_TYPES = [
  { value: 1, label: 'Whole site blocked' },
  { value: 2, label: 'Sign-in and sign-up blocked' },
] as const;
const METHODS: { value: PaymentMethodKey; label: string }[] = [
  { value: 'card', label: 'Card (deposit)' },
  { value: 'ewallet', label: 'E-wallet (deposit)' },
  { value: 'crypto', label: 'Crypto (deposit)' },
  { value: 'bank_transfer', label: 'Bank transfer (withdrawal)' },
  { value: 'card_payout', label: 'Card payout (withdrawal)' },
];

/**
 * The site settings (issue 27): restricted countries, sign-up modes, feature switches, the currencies offered
 * and the payment methods per country. Saved together with one reason; read-only for settings:read.
 */
export function SiteSettingsPanel({ editable }: { editable: boolean }) {
  const settings = useQuery({
    queryKey: siteSettingsKey,
    queryFn: async (): Promise<SiteSettingsView> => (await api.siteSettings.get()).data,
  });
  return (
    <SettingsPanel id="settings-site" title="Site" loading="Loading the site settings" settings={settings}>
      {(current) => (editable ? <Form current={current} /> : <Facts current={current} />)}
    </SettingsPanel>
  );
}

const yesNo = (value: boolean) => (value ? 'On' : 'Off');

function Facts({ current }: { current: SiteSettingsView }) {
  return (
    <SettingsFacts current={current}>
      <Fact term="Restricted countries" testId="fact-restricted">
        {current.restrictedCountries.length === 0
          ? 'None'
          : current.restrictedCountries
              .map((r) => `${countryName(r.country)} (${r.restrictType === 1 ? 'site' : 'sign-in'})`)
              .join(', ')}
      </Fact>
      <Fact term="Sign-up by e-mail">{yesNo(current.signUpModes.email)}</Fact>
      <Fact term="Sign-up by phone">{yesNo(current.signUpModes.phone)}</Fact>
      <Fact term="Loyalty">{yesNo(current.features.loyalty)}</Fact>
      <Fact term="Quests">{yesNo(current.features.quests)}</Fact>
      <Fact term="Referrals">{yesNo(current.features.referrals)}</Fact>
      <Fact term="Currencies offered">{current.visibleCurrencies.join(', ')}</Fact>
      <Fact term="Payment methods narrowed in">
        {current.paymentMethods.length === 0 ? 'No country' : current.paymentMethods.map((p) => p.country).join(', ')}
      </Fact>
    </SettingsFacts>
  );
}

function CountrySelect({
  value,
  onChange,
  ...props
}: { value: string; onChange: (code: string) => void } & Record<string, unknown>) {
  return (
    <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} ({c.code})
        </option>
      ))}
    </select>
  );
}

function Form({ current }: { current: SiteSettingsView }) {
  const { updatedAt: _a, updatedBy: _b, defaults, ...initial } = current;
  const [value, setValue] = useState<SiteSettingsValue>(initial);
  const { save, problem, setProblem } = useSettingsSave({
    queryKey: siteSettingsKey,
    save: (body: UpdateSiteSettingsRequest) => api.siteSettings.update({ body }),
    saved: () => 'Site settings saved: the site follows them now.',
    failure: 'The site settings were not saved',
  });
  const submit = (_form: FormData, reason: string) => {
    const parsed = UpdateSiteSettingsRequest.safeParse({ ...value, reason });
    if (!parsed.success) {
      setProblem(problemOfSchema(parsed.error));
      return;
    }
    save.mutate(parsed.data);
  };
  const error = (name: string) => problem?.fields[name];
  const setRestricted = (list: RestrictedCountry[]) => setValue({ ...value, restrictedCountries: list });
  const setMethods = (list: CountryPaymentMethods[]) => setValue({ ...value, paymentMethods: list });
  const firstFree = (taken: string[]) => COUNTRIES.find((c) => !taken.includes(c.code))?.code ?? 'AD';

  return (
    <SettingsForm
      current={current}
      problem={problem}
      pending={save.isPending}
      submitLabel="Save site settings"
      onSubmit={submit}
    >
      <fieldset className="switches">
        <legend>Restricted countries</legend>
        {error('restrictedCountries') && <p className="field__error">{error('restrictedCountries')}</p>}
        {value.restrictedCountries.map((r, i) => (
          <div className="field-row" key={i} data-testid="restricted-row">
            <Field
              label={`Country ${i + 1}`}
              name={`restrictedCountries.${i}.country`}
              error={error(`restrictedCountries.${i}.country`)}
            >
              {(props) => (
                <CountrySelect
                  {...props}
                  value={r.country}
                  onChange={(country) =>
                    setRestricted(value.restrictedCountries.map((x, j) => (j === i ? { ...x, country } : x)))
                  }
                />
              )}
            </Field>
            <Field
              label={`Restriction ${i + 1}`}
              name={`restrictedCountries.${i}.restrictType`}
              error={error(`restrictedCountries.${i}.restrictType`)}
            >
              {(props) => (
                <select
                  {...props}
                  value={r.restrictType}
                  onChange={(event) =>
                    setRestricted(
                      value.restrictedCountries.map((x, j) =>
                        j === i ? { ...x, restrictType: Number(event.target.value) as 1 | 2 } : x,
                      ),
                    )
                  }
                >
                  {RESTRICT_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setRestricted(value.restrictedCountries.filter((_, j) => j !== i))}
            >
              Remove {countryName(r.country)}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            setRestricted([
              ...value.restrictedCountries,
              { country: firstFree(value.restrictedCountries.map((r) => r.country)), restrictType: 1 },
            ])
          }
        >
          Restrict a country
        </button>
      </fieldset>

      <fieldset className="switches">
        <legend>Sign-up</legend>
        {error('signUpModes') && <p className="field__error">{error('signUpModes')}</p>}
        {(['email', 'phone'] as const).map((mode) => (
          <label className="switch" key={mode}>
            <input
              type="checkbox"
              checked={value.signUpModes[mode]}
              onChange={(event) =>
                setValue({ ...value, signUpModes: { ...value.signUpModes, [mode]: event.target.checked } })
              }
            />
            <span>
              <strong>Sign-up by {mode === 'email' ? 'e-mail' : 'phone'}</strong>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="switches">
        <legend>Features</legend>
        {(['loyalty', 'quests', 'referrals'] as const).map((feature) => (
          <label className="switch" key={feature}>
            <input
              type="checkbox"
              checked={value.features[feature]}
              onChange={(event) =>
                setValue({ ...value, features: { ...value.features, [feature]: event.target.checked } })
              }
            />
            <span>
              <strong>{feature[0]!.toUpperCase() + feature.slice(1)}</strong>{' '}
              <span className="muted">(default {yesNo(defaults.features[feature])})</span>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="switches switches--columns">
        <legend>Currencies offered to new players</legend>
        {error('visibleCurrencies') && <p className="field__error">{error('visibleCurrencies')}</p>}
        {currencies.map((c) => (
          <label className="switch" key={c.code}>
            <input
              type="checkbox"
              checked={value.visibleCurrencies.includes(c.code)}
              onChange={(event) =>
                setValue({
                  ...value,
                  visibleCurrencies: event.target.checked
                    ? [...value.visibleCurrencies, c.code]
                    : value.visibleCurrencies.filter((x) => x !== c.code),
                })
              }
            />
            <span>
              {c.code} <span className="muted">{c.name}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="switches">
        <legend>Payment methods per country</legend>
        <p className="field__hint">A country not listed here shows every method.</p>
        {value.paymentMethods.map((p, i) => (
          <fieldset key={i} data-testid="methods-row">
            <legend>{countryName(p.country)}</legend>
            <Field
              label={`Country ${i + 1}`}
              name={`paymentMethods.${i}.country`}
              error={error(`paymentMethods.${i}.country`)}
            >
              {(props) => (
                <CountrySelect
                  {...props}
                  value={p.country}
                  onChange={(country) =>
                    setMethods(value.paymentMethods.map((x, j) => (j === i ? { ...x, country } : x)))
                  }
                />
              )}
            </Field>
            <div className="switches">
              {METHODS.map((m) => (
                <label className="switch" key={m.value}>
                  <input
                    type="checkbox"
                    checked={p.methods.includes(m.value)}
                    onChange={(event) =>
                      setMethods(
                        value.paymentMethods.map((x, j) =>
                          j === i
                            ? {
                                ...x,
                                methods: event.target.checked
                                  ? [...x.methods, m.value]
                                  : x.methods.filter((y) => y !== m.value),
                              }
                            : x,
                        ),
                      )
                    }
                  />
                  <span>{m.label}</span>
                </label>
              ))}
            </div>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setMethods(value.paymentMethods.filter((_, j) => j !== i))}
            >
              Show every method in {countryName(p.country)}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            setMethods([
              ...value.paymentMethods,
              { country: firstFree(value.paymentMethods.map((p) => p.country)), methods: METHODS.map((m) => m.value) },
            ])
          }
        >
          Narrow a country's methods
        </button>
      </fieldset>
    </SettingsForm>
  );
}
