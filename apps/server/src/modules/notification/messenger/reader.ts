import { defaultLocaleCode, isLocaleCode } from '@croupier/contracts/reference/index';
import type { Db } from '../../../db/client.ts';
import { preferencesOf } from '../../player/index.ts';
import type { Reader } from './render.ts';

const validZone = (zone: string | null): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The player's language and time zone from the profile (default locale, UTC when unset). */
export async function readerOf(db: Db, playerId: string): Promise<Reader> {
  const row = await preferencesOf(db, playerId);
  return {
    locale: isLocaleCode(row?.locale) ? row.locale : defaultLocaleCode,
    timeZone: row && validZone(row.timeZone) ? row.timeZone : 'UTC',
  };
}
