import { GameInputError } from '@croupier/games';
import { StudioError } from './errors.ts';
import { adapters, asStudioError, type GameAdapter, type GameId, type StoredAction } from './games/index.ts';
import { limitsFor } from './limits.ts';
import type { SessionRow } from './sessions.ts';

/** Reading the player's play and act requests, before any lock is taken or money moves. */

function parseBet(s: SessionRow, raw: unknown, divisor: bigint): bigint {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,17}$/.test(raw)) {
    throw new StudioError(422, 'invalid_bet', 'The bet is a string of minor units, e.g. "100".', 'bet');
  }
  const bet = BigInt(raw);
  const { minBet, maxBet } = limitsFor(s.currency);
  if (bet < minBet || bet > maxBet) {
    throw new StudioError(422, 'invalid_bet', `The bet must be from ${minBet} to ${maxBet} minor units.`, 'bet');
  }
  if (bet % divisor !== 0n) {
    throw new StudioError(422, 'invalid_bet', `The bet must be a multiple of ${divisor} minor units.`, 'bet');
  }
  return bet;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Runs an engine step, turning its input errors into 4xx. */
export function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof GameInputError || e instanceof StudioError) asStudioError(e);
    throw e;
  }
}

export interface PlayInput {
  adapter: GameAdapter;
  bet: bigint;
  choice: Record<string, unknown>;
}

/** A play request: the session's game adapter, the bet in minor units and the stored choice. */
export function parsePlay(s: SessionRow, body: unknown): PlayInput {
  if (!isObject(body)) throw new StudioError(400, 'invalid_request', 'The body must be a JSON object.');
  const adapter = adapters[s.game as GameId];
  const bet = parseBet(s, body.bet, adapter.betDivisor);
  const rawChoice = body.choice;
  if (!isObject(rawChoice) || rawChoice.game !== s.game) {
    throw new StudioError(422, 'invalid_choice', `The choice must be an object with game "${s.game}".`, 'choice.game');
  }
  const choice = engine(() => adapter.parseChoice(rawChoice, bet));
  return { adapter, bet, choice };
}

/** An act request: the action as stored with the round; the round id's shape is checked last. */
export function parseAction(roundId: string, body: unknown): StoredAction {
  if (!isObject(body)) throw new StudioError(400, 'invalid_request', 'The body must be a JSON object.');
  if (typeof body.action !== 'string') throw new StudioError(422, 'invalid_action', 'Name an action.', 'action');
  if (body.tile !== undefined && (typeof body.tile !== 'number' || !Number.isInteger(body.tile))) {
    throw new StudioError(422, 'invalid_action', 'The tile is a whole number from 0 to 24.', 'tile');
  }
  const action: StoredAction =
    body.tile === undefined ? { action: body.action } : { action: body.action, tile: body.tile as number };
  if (!/^[0-9a-f-]{36}$/.test(roundId)) throw new StudioError(404, 'round_not_found', 'Unknown round.');
  return action;
}
