import { pushEvent } from '../../shared/analytics/data-layer.ts';

export type WalletStep = 'open' | 'method' | 'amount' | 'submit' | 'success' | 'failure';

/**
 * The wallet funnel (spec §9 analytics): wallet opened, method selected, amount entered, submit, and
 * the deposit's success or failure with the invoice `number` (the player's running count of successful
 * deposits, from the invoice publication).
 */
export const trackWallet = (step: WalletStep, params: Record<string, unknown> = {}) =>
  pushEvent('wallet', { step, ...params });
