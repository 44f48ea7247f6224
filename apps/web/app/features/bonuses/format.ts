import { PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';

/** A contract date (UTC instant) in the page locale; the raw text when it does not parse. */
export function formatDate(value: string | null, locale: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** The content key of a bonus's state label: its status, or for a finished one its result. */
export function stateKeyOf(status: number, result: number): string {
  if (status === PlayerBonusStatus.issued) return 'status.issued';
  if (status === PlayerBonusStatus.active) return 'status.active';
  switch (result) {
    case PlayerBonusResult.played:
      return 'result.played';
    case PlayerBonusResult.cancelled:
      return 'result.cancelled';
    case PlayerBonusResult.expired:
      return 'result.expired';
    case PlayerBonusResult.lost:
      return 'result.lost';
    default:
      return 'status.finished';
  }
}

export const badgeToneOf = (status: number, result: number) =>
  status === PlayerBonusStatus.active
    ? 'success'
    : status === PlayerBonusStatus.issued
      ? 'info'
      : result === PlayerBonusResult.played
        ? 'success'
        : 'muted';
