import type { PlayerRow as StaffPlayerRow } from '@croupier/contracts';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { startingWith } from '../../db/like.ts';
import { players } from './schema.ts';

// The back office's player search (backoffice-api.md §4, decision 0107): a prefix of the e-mail, the phone or
// the nickname, or an exact id (the UUID or the numeric external id). Every term is answered by an index
// (players_email_prefix_idx, players_phone_prefix_idx, players_nickname_prefix_idx, the external id's and the
// primary key), so a search costs about the same on 100 players as on 100,000 (bench/backoffice).

export interface PlayerSearch {
  search?: string;
  page: number;
  perPage: number;
}

/** How far past the page the count goes (as the game history's, decision 0048): beyond it, "at least". */
export const SEARCH_COUNT_AHEAD = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a phone number is typed with: digits, a leading +, spaces, dots, dashes and brackets. */
const PHONE = /^\+?[\d\s().-]+$/;
const MAX_EXTERNAL_ID = 2_147_483_647;

/**
 * The search as one condition, or undefined for "every player". E-mails are stored lower-case and phones as
 * digits only (country code first), so the text is matched the same way; a nickname case-insensitively.
 */
export function searchCondition(raw: string | undefined): SQL | undefined {
  const text = raw?.trim() ?? '';
  if (!text) return undefined;
  if (UUID.test(text)) return eq(players.id, text.toLowerCase());
  const lower = text.toLowerCase();
  const terms: SQL[] = [
    sql`${players.email} like ${startingWith(lower)}`,
    sql`lower(${players.nickname}) like ${startingWith(lower)}`,
  ];
  if (PHONE.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits) terms.push(sql`${players.phone} like ${startingWith(digits)}`);
    if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_EXTERNAL_ID) terms.push(eq(players.externalId, Number(text)));
  }
  return or(...terms);
}

const at = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/**
 * One page of matching players, newest first (registration order: the external id is an identity), and how
 * many match, counted up to SEARCH_COUNT_AHEAD rows past the page. `lastLoginAt` is the newest session's
 * start, read for the page's rows only (sessions_player_created_idx).
 */
export async function searchPlayers(db: Db, q: PlayerSearch): Promise<{ rows: StaffPlayerRow[]; total: number }> {
  const condition = searchCondition(q.search);
  const where = condition ? sql`where ${condition}` : sql``;
  const cap = q.page * q.perPage + SEARCH_COUNT_AHEAD;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select p.*, (select max(s.created_at) from player.sessions s where s.player_id = p.id) as last_login_at
        from (select id, email, phone, nickname, country, status, block_login, block_deposit, block_bet,
                     block_withdrawal, created_at, external_id
                from player.players ${where}
               order by external_id desc
               limit ${q.perPage} offset ${(q.page - 1) * q.perPage}) p
       order by p.external_id desc`),
    db.execute(sql`select count(*)::int as n from (select 1 from player.players ${where} limit ${cap}) c`),
  ]);
  const rows = (page as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (r): StaffPlayerRow => ({
      id: String(r.id),
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      nickname: (r.nickname as string | null) ?? null,
      country: (r.country as string | null) ?? null,
      status: Number(r.status),
      blocks: {
        login: Boolean(r.block_login),
        deposit: Boolean(r.block_deposit),
        bet: Boolean(r.block_bet),
        withdrawal: Boolean(r.block_withdrawal),
      },
      createdAt: at(r.created_at)!,
      lastLoginAt: at(r.last_login_at),
    }),
  );
  const total = Number((count as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { rows, total };
}
