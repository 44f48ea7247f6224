import type { WithdrawalRiskFlag } from '../flag.ts';
import { bigWinShare } from './big-win-share.ts';
import { littlePlay } from './little-play.ts';
import { loginBlocked } from './login-blocked.ts';
import { newInstrument } from './new-instrument.ts';
import { velocity } from './velocity.ts';

/**
 * The flags that need only payment's data and the faces payment already reads (decision 0112); the others come
 * from their modules through app.ts (turn-over, self-exclusion, bonus, KYC).
 */
export const paymentWithdrawalFlags: readonly WithdrawalRiskFlag[] = [
  newInstrument,
  littlePlay,
  velocity,
  bigWinShare,
  loginBlocked,
];
