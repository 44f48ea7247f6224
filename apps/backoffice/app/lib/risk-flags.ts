import { WITHDRAWAL_RISK_FLAGS } from '@croupier/contracts/backoffice/withdrawals';
import { keyLabel } from './format.ts';

/**
 * A withdrawal's risk flags as people read them (decision 0115): a short label for the badge and the
 * contracts' sentence as its explanation. A flag the server raises before it has words here shows under its
 * own name, so nothing is hidden.
 */
const SHORT: Record<string, string> = {
  turnoverOwed: 'Turn-over owed',
  activeBonus: 'Active bonus',
  newInstrument: 'New payout instrument',
  littlePlay: 'Little play',
  kycRequired: 'KYC required',
  velocity: 'Many requests',
  bigWinShare: 'One big win',
  loginBlocked: 'Login blocked',
  selfExclusionHistory: 'Recent exclusion',
};

export interface RiskFlagText {
  name: string;
  label: string;
  explanation: string;
}

const words = keyLabel;

export function riskFlagText(name: string): RiskFlagText {
  const explanation = (WITHDRAWAL_RISK_FLAGS as Record<string, string>)[name];
  return {
    name,
    label: SHORT[name] ?? words(name),
    explanation: explanation ?? `${words(name)} (no description yet).`,
  };
}
