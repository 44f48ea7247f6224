import { PlayerStatus } from '@croupier/contracts/reference/index';

/**
 * Sign-in is refused to a blocked status (3) and to a staff login block (decision 0106) alike: one test for
 * every path that opens, refreshes or checks a session, so none of them forgets the block.
 */
export const signInRefused = (player: { status: number; blockLogin: boolean }): boolean =>
  player.status === PlayerStatus.blocked || player.blockLogin;
