import { z } from 'zod';
import {
  ApplyBonusCode,
  Bonus,
  BonusCode,
  BonusCodesQuery,
  BonusesQuery,
  BonusIssueStatus,
  BonusStatusQuery,
  Cashback,
  CashbackQuery,
  PlayerBonus,
  PlayerBonusesQuery,
  RemoveBonusCode,
} from '../bonus.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';

const tags = ['bonus'];
const id = z.object({ id: z.string().uuid() });
const ok = z.object({ data: z.unknown() });

/** The bonus service (api-contract §10); its paths live under /api/game. */
export const bonusEndpoints = {
  playerBonuses: defineEndpoint({
    method: 'GET',
    path: '/api/game/player-bonuses',
    auth: 'player',
    summary: "The player's bonuses: filter by status, currency and package; newest first by default.",
    tags,
    query: PlayerBonusesQuery,
    response: pageOf(PlayerBonus),
  }),
  activatePlayerBonus: defineEndpoint({
    method: 'PUT',
    path: '/api/game/player-bonuses/:id/activate',
    auth: 'player',
    summary: 'Activates an issued bonus: its money reaches the bonus balance and wagering starts.',
    tags,
    params: id,
    response: dataOf(PlayerBonus),
  }),
  cancelPlayerBonus: defineEndpoint({
    method: 'PUT',
    path: '/api/game/player-bonuses/:id/cancel',
    auth: 'player',
    summary: 'Cancels an issued or active bonus; an active one forfeits its bonus balance.',
    tags,
    params: id,
    response: dataOf(PlayerBonus),
  }),
  bonusCodes: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses/bonuscodes',
    auth: 'player',
    summary: 'The code attached to the next deposit (trigger 3), if any.',
    tags,
    query: BonusCodesQuery,
    response: dataOf(z.array(BonusCode)),
  }),
  applyBonusCode: defineEndpoint({
    method: 'POST',
    path: '/api/game/bonuses/bonuscodes',
    auth: 'player',
    summary: 'Applies a code now (trigger 1) or attaches it to the next deposit (trigger 3); `status` tells which.',
    tags,
    body: ApplyBonusCode,
    response: dataOf(BonusCode),
  }),
  removeBonusCode: defineEndpoint({
    method: 'DELETE',
    path: '/api/game/bonuses/bonuscodes',
    auth: 'player',
    summary: 'Detaches the code attached to the next deposit (JSON body).',
    tags,
    body: RemoveBonusCode,
    response: ok,
  }),
  bonuses: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses',
    auth: 'player',
    summary: 'Deposit bonuses on offer in a currency (for an amount), or the named bonuses.',
    tags,
    query: BonusesQuery,
    response: dataOf(z.array(Bonus)),
  }),
  cashback: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses/cashback',
    auth: 'player',
    summary: "This week's cashback so far per cashback offer, and the date it is paid.",
    tags,
    query: CashbackQuery,
    response: dataOf(z.array(Cashback)),
  }),
  bonusStatus: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses/status',
    auth: 'player',
    summary: 'Whether each named bonus was issued to the player (1) or not (0).',
    tags,
    query: BonusStatusQuery,
    response: dataOf(z.array(BonusIssueStatus)),
  }),
};
