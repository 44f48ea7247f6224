import { minorOfRequest, type PaymentMethod } from '@croupier/contracts';
import { paymentMethodShown } from '../settings/index.ts';
import { currencyOf, methodsFor } from './catalogue.ts';
import type { PaymentDeps } from './deps.ts';
import { invalid } from './errors.ts';
import { checkDepositLimits } from './limits.ts';

type Direction = 'deposit' | 'withdrawal';

/** The methods a player may use in a currency; listing deposit methods already runs the deposit checks. */
export async function listMethods(
  { db, rates, beforeDeposit }: Pick<PaymentDeps, 'db' | 'rates' | 'beforeDeposit'>,
  direction: Direction,
  playerId: string,
  currency: string,
  country?: string,
) {
  const code = currency.trim().toUpperCase();
  if (!currencyOf(code)) throw invalid({ currency: 'This currency is not available.' });
  if (direction === 'deposit') await checkDepositLimits(beforeDeposit, { playerId, currency: code });
  // Staff may narrow a country's methods (the site settings, issue 27).
  return methodsFor(direction, code, rates.current(), country).filter((m) => paymentMethodShown(db, country, m.method));
}

/**
 * The method a deposit or withdrawal names, by the same rules as `listMethods`: a method staff hid for the
 * country is refused here too, so naming it in the request does not get round the list (422 on `method`).
 */
export function pickMethod(
  { db, rates }: Pick<PaymentDeps, 'db' | 'rates'>,
  direction: Direction,
  key: string,
  currency: string,
  country?: string,
): PaymentMethod {
  const method = methodsFor(direction, currency, rates.current(), country).find((m) => m.method === key);
  if (!method) throw invalid({ method: 'This method is not available for this currency.' });
  if (!paymentMethodShown(db, country, method.method)) {
    throw invalid({ method: 'This method is not available in this country.' });
  }
  return method;
}

/** The amount in minor units, within the method's bounds (422 on `amount` otherwise). */
export function checkAmount(method: PaymentMethod, amount: number | string, currency: string): bigint {
  const minor = minorOfRequest(amount, currency, { positive: true });
  const major = Number(amount);
  if (major < method.amountMin) throw invalid({ amount: `The minimum is ${method.amountMin} ${currency}.` });
  if (major > method.amountMax) throw invalid({ amount: `The maximum is ${method.amountMax} ${currency}.` });
  return minor;
}
