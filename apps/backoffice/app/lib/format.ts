import { playerStatuses } from '@croupier/contracts/reference/statuses';

/**
 * Display helpers. Amounts come as exact major-unit numbers beside their currency (backoffice-api.md §1):
 * shown with their code, never converted or added across currencies. Times are shown in UTC, as the API gives them.
 */

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
const signedFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
  signDisplay: 'exceptZero',
});
const countFormat = new Intl.NumberFormat('en-US');

export function formatAmount(amount: number | null | undefined, currency?: string | null, signed = false): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const text = (signed ? signedFormat : amountFormat).format(amount);
  return currency ? `${text} ${currency}` : text;
}

export const formatCount = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : countFormat.format(n);

/** `2025-03-01 14:05:09` (UTC), or an em dash. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDay(iso: string | null | undefined): string {
  return iso ? formatTime(iso).slice(0, 10) : '—';
}

/** The first characters of a hash or id: enough to tell rows apart in a dense table. */
export const shortId = (value: string | null | undefined, length = 8): string =>
  value ? (value.length > length ? `${value.slice(0, length)}…` : value) : '—';

const statusNames = new Map(playerStatuses.map((s) => [Number(s.id), s.name]));

export const playerStatusLabel = (status: number): string => statusNames.get(status) ?? `Status ${status}`;

/** How a player is named in lists and titles: nickname, e-mail, phone, then id. */
export function playerLabel(p: {
  id: string;
  nickname?: string | null;
  email?: string | null;
  phone?: string | null;
}): string {
  return p.nickname || p.email || (p.phone ? `+${p.phone}` : '') || p.id;
}

/** The blocks that are on, by name, in the order of the spec (login, deposit, bet, withdrawal). */
export const BLOCK_SCOPES = ['login', 'deposit', 'bet', 'withdrawal'] as const;
export type BlockScope = (typeof BLOCK_SCOPES)[number];

export const activeBlocks = (blocks: Record<BlockScope, boolean>): BlockScope[] =>
  BLOCK_SCOPES.filter((scope) => blocks[scope]);

/** A key as words: `bank_transfer` → "Bank transfer", `identity_front` → "Identity front". */
export const keyLabel = (key: string | null | undefined): string =>
  key
    ? key
        .replace(/[_-]+/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase())
    : '—';
