import { turnOverEndpoints } from '../turn-over.ts';
import { bonusEndpoints } from './bonus.ts';
import { contentEndpoints } from './content.ts';
import { gameEndpoints } from './game.ts';
import { integrationEndpoints } from './integrations.ts';
import { limitEndpoints } from './limits.ts';
import { notificationEndpoints } from './notification.ts';
import { paymentEndpoints } from './payment.ts';
import { playerEndpoints } from './player.ts';
import { referralEndpoints } from './referrals.ts';
import { retentionLoyaltyEndpoints } from './retention-loyalty.ts';
import { retentionQuestEndpoints } from './retention-quests.ts';
import { retentionTournamentEndpoints } from './retention-tournaments.ts';
import { retentionWheelEndpoints } from './retention-wheel.ts';
import { settingsEndpoints } from './settings.ts';
import { walletEndpoints } from './wallet.ts';

/** Every operation of the public API, by group. The server, the OpenAPI document and the client read this. */
export const endpoints = {
  settings: settingsEndpoints,
  content: contentEndpoints,
  player: playerEndpoints,
  limits: limitEndpoints,
  wallet: walletEndpoints,
  payment: paymentEndpoints,
  notification: notificationEndpoints,
  game: gameEndpoints,
  bonus: bonusEndpoints,
  retentionQuests: retentionQuestEndpoints,
  retentionLoyalty: retentionLoyaltyEndpoints,
  retentionWheel: retentionWheelEndpoints,
  retentionTournaments: retentionTournamentEndpoints,
  turnOver: turnOverEndpoints,
  referrals: referralEndpoints,
  integrations: integrationEndpoints,
};
export type Endpoints = typeof endpoints;
