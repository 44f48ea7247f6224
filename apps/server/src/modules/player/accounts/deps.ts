import { ApiError, type Country, ErrorCode } from '@croupier/contracts';
import { RestrictType } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { SettingsService } from '../../settings/index.ts';
import type { RequestMeta } from '../context.ts';
import type { PlayerRow } from '../profile.ts';
import { players } from '../schema.ts';

// What several account commands read: the caller's row, the countries by code, the visitor's geo refusal.

/** The player of an authenticated request; a row gone since is "authentication required". */
export async function loadPlayer(db: Db, id: string): Promise<PlayerRow> {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  if (!row) throw ApiError.of(ErrorCode.unauthorized, 'Authentication required.');
  return row;
}

// Keyed by the list itself: the settings service builds a new one whenever staff change the site settings.
const byCode = new WeakMap<readonly Country[], ReadonlyMap<string, Country>>();

/** The countries (with the operator's restrictions in force) by code, built once per countries list. */
export function countriesOf(settings: SettingsService): ReadonlyMap<string, Country> {
  const list = settings.countries();
  let countries = byCode.get(list);
  if (!countries) {
    countries = new Map(list.map((c) => [c.code, c]));
    byCode.set(list, countries);
  }
  return countries;
}

/** The 403 of a visitor from a country where `what` (registration, sign-in) is blocked; null elsewhere. */
export function geoRefusal(settings: SettingsService, meta: RequestMeta, what: string): ApiError | null {
  const restrict = settings.restrictionOf(meta.country);
  if (restrict === RestrictType.geoBlocked || restrict === RestrictType.authBlocked) {
    return ApiError.of(ErrorCode.forbidden, `${what} is not available in your country.`);
  }
  return null;
}
