import { type Bonus, type BonusCode, type Currency, PlayerChannel } from '@croupier/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { pushEvent } from '../../shared/analytics/data-layer.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useMoney } from '../../shared/money/use-money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { usePlayerChannel } from '../realtime/index.ts';
import {
  type BonusChoice,
  bonusAmountFor,
  depositRangeOf,
  maxBonusOf,
  type OfferOption,
  offerOptions,
} from './bonus-rules.ts';
import { PromoCodeBox } from './promo-code.tsx';
import './bonuses.css';

const K = 'global-components.bonuses.offers';
const OFFERS_DEBOUNCE_MS = 400;
const DECLINE = 'decline';

interface Props {
  currency: Currency;
  /** The amount typed, in major units; null while it is not a valid number. */
  amount: number | null;
  disabled?: boolean;
  onChoice: (choice: BonusChoice) => void;
}

/** The offers for the currency and amount (GET /api/game/bonuses), refetched as the amount settles. */
function useOffers(currency: string, amount: number | null, version: number) {
  const [offers, setOffers] = useState<Bonus[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const { data } = await browserApi().bonus.bonuses({
          query: { currency, ...(amount !== null && amount > 0 ? { amount } : {}) },
        });
        if (request !== latest.current) return;
        setOffers(data);
        setState('ready');
      } catch {
        if (request === latest.current) setState('failed');
      }
    }, OFFERS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [currency, amount, version]);
  return { offers, state };
}

/** The code attached to the next deposit (GET …/bonuscodes?trigger=3: the first one). */
function useAttachedCode(version: number) {
  const [code, setCode] = useState<BonusCode | null>(null);
  useEffect(() => {
    let live = true;
    browserApi()
      .bonus.bonusCodes({ query: { trigger: 3 } })
      .then(({ data }) => {
        if (live) setCode(data[0] ?? null);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [version]);
  return [code, setCode] as const;
}

function OfferCard({ option, currency, amount }: { option: OfferOption; currency: Currency; amount: number | null }) {
  const t = useT();
  const { format } = useMoney();
  const { bonus } = option;
  const { min } = depositRangeOf(bonus, currency.code);
  const cap = maxBonusOf(bonus, currency.code);
  const gets = bonusAmountFor(bonus, currency.code, amount);
  const percentage = bonus.assignConditions.depositPercentage;
  return (
    <span className="offer__body">
      <span className="offer__name">{option.packageName ?? bonus.name}</span>
      {option.packageName && (
        <span className="offer__package muted">
          {t(`${K}.packageStep`, { name: bonus.name, steps: option.items.length })}
        </span>
      )}
      <span className="offer__terms">
        {percentage !== undefined && <span>{t(`${K}.match`, { percentage })}</span>}
        {cap !== null && <span>{t(`${K}.upTo`, { amount: format(cap, currency.code) })}</span>}
        {bonus.wagerCasino > 0 && <span>{t(`${K}.wager`, { multiplier: bonus.wagerCasino })}</span>}
        {min !== null && <span>{t(`${K}.from`, { amount: format(min, currency.code) })}</span>}
      </span>
      {gets !== null && (
        <span className="offer__gets" data-testid="offer-gets">
          {t(`${K}.youGet`, { amount: format(gets, currency.code) })}
        </span>
      )}
    </span>
  );
}

/**
 * The wallet's bonus block (spec §1, api-contract §8 and §10): the promo-code box and the deposit bonus
 * choice: one offer (a package counts as one, sending its first bonus) or none. An attached code takes the
 * place of the choice: one bonus per deposit. Both reload after a deposit's publication.
 */
export function DepositBonuses({ currency, amount, disabled, onChoice }: Props) {
  const t = useT();
  const modals = useModals();
  const name = useId();
  const [version, setVersion] = useState(0);
  const { offers, state } = useOffers(currency.code, amount, version);
  const [attached, setAttached] = useAttachedCode(version);
  const [picked, setPicked] = useState<string | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);

  usePlayerChannel(PlayerChannel.invoices, (data: { event?: string }) => {
    if (data?.event === 'invoice.deposit.updated') setVersion((v) => v + 1);
  });

  const options = offerOptions(offers);
  // Bonuses are opt-in: "no bonus" is chosen until the player picks an offer (constants:
  // depositBonusDeclineDefault is true, decision 0056); a choice that left the list (amount out of range)
  // falls back to it too.
  const chosen: string =
    picked !== null && (picked === DECLINE || options.some((o) => o.id === picked)) ? picked : DECLINE;

  const onChoiceRef = useRef(onChoice);
  onChoiceRef.current = onChoice;
  useEffect(() => {
    const report = (choice: BonusChoice) => onChoiceRef.current(choice);
    if (attached) report({ kind: 'none' });
    else if (state !== 'ready') report({ kind: 'none' });
    else if (chosen === DECLINE) report(options.length > 0 ? { kind: 'decline' } : { kind: 'none' });
    else report({ kind: 'bonus', id: chosen });
  }, [attached, state, chosen, options.length]);

  const choose = (id: string) => {
    setPicked(id);
    pushEvent('wallet', id === DECLINE ? { step: 'decline bonuses' } : { step: 'select bonus', bonusId: id });
  };

  return (
    <fieldset className="deposit-bonuses" disabled={disabled} data-testid="deposit-bonuses">
      <legend className="deposit-bonuses__legend">
        <span>{t(`${K}.title`)}</span>
        <button
          type="button"
          className="link-button deposit-bonuses__info"
          onClick={() => modals.open('wallet-bonus-info')}
        >
          <Icon name="info" size={16} /> {t(`${K}.info`)}
        </button>
      </legend>

      {attached ? (
        <>
          <PromoCodeBox mode="deposit" attached={attached} onAttachedChange={setAttached} />
          <p className="muted deposit-bonuses__hint">{t(`${K}.codeInstead`)}</p>
        </>
      ) : (
        <>
          {state === 'loading' && options.length === 0 ? (
            <div className="offer offer--skeleton shimmer" aria-busy="true" role="status">
              <span className="visually-hidden">{t('global-components.common.loading')}</span>
            </div>
          ) : (
            <div className="offers" role="radiogroup" aria-label={t(`${K}.title`)}>
              {options.map((option) => (
                <label key={option.id} className={`offer${chosen === option.id ? ' offer--chosen' : ''}`}>
                  <input
                    type="radio"
                    name={name}
                    value={option.id}
                    checked={chosen === option.id}
                    onChange={() => choose(option.id)}
                  />
                  <OfferCard option={option} currency={currency} amount={amount} />
                </label>
              ))}
              <label className={`offer offer--decline${chosen === DECLINE ? ' offer--chosen' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  value={DECLINE}
                  checked={chosen === DECLINE}
                  onChange={() => choose(DECLINE)}
                />
                <span className="offer__body">
                  <span className="offer__name">{t(`${K}.none`)}</span>
                  <span className="muted">{options.length === 0 ? t(`${K}.empty`) : t(`${K}.noneHint`)}</span>
                </span>
              </label>
            </div>
          )}
          {promoOpen ? (
            <PromoCodeBox mode="deposit" onAttachedChange={setAttached} />
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setPromoOpen(true);
                pushEvent('wallet', { step: 'promo open' });
              }}
            >
              {t('global-components.bonuses.promo.toggle')}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
