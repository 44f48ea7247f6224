import type { FormField, Profile } from '@croupier/contracts';
import type { PlayerDeps } from '../context.ts';
import { fieldsOf } from '../fields.ts';
import { textFields, toProfile } from '../profile.ts';
import { loadPlayer } from './deps.ts';

/** The contract's Profile of a player (401 when the player is gone). */
export async function getProfile(deps: Pick<PlayerDeps, 'db'>, playerId: string): Promise<Profile> {
  return toProfile(await loadPlayer(deps.db, playerId));
}

/** The profile form's fields, each with the player's current value. */
export async function profileFields(deps: Pick<PlayerDeps, 'db'>, playerId: string): Promise<FormField[]> {
  const [player, fields] = await Promise.all([loadPlayer(deps.db, playerId), fieldsOf(deps.db, 'profile')]);
  const profile = toProfile(player) as unknown as Record<string, unknown>;
  const own = player as unknown as Record<string, unknown>;
  return fields.map((f) => {
    const column = Object.hasOwn(textFields, f.name) ? textFields[f.name as keyof typeof textFields] : f.name;
    const value = Object.hasOwn(profile, f.name) ? profile[f.name] : own[column];
    return value === undefined ? f : { ...f, value };
  });
}
