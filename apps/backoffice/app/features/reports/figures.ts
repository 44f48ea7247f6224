import type { ConvertedFigures } from '@croupier/contracts';

/**
 * How the reports show their figures. Amounts come as major units beside their currency and are shown with
 * it, never added across currencies (lib/format.ts); percentages and intervals here; a converted figure always
 * names its currency and the day of its rates.
 */

const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** `96.50 %`, or an em dash when there is no figure (no stake yet, no math sheet). */
export const formatPercent = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : `${percentFormat.format(value)} %`;

/** The 95 % interval, `95.10–97.90 %`; an em dash without one. */
export function formatInterval(low: number | null | undefined, high: number | null | undefined): string {
  if (low === null || low === undefined || high === null || high === undefined) return '—';
  return `${percentFormat.format(low)}–${percentFormat.format(high)} %`;
}

/** Hours as `5.5 h`, or days past two days (`3.2 d`), the funnel's median time to a first deposit. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '—';
  return hours >= 48 ? `${hoursFormat.format(hours / 24)} d` : `${hoursFormat.format(hours)} h`;
}

/** Where a game's RTP stands against its interval: a word, so the highlight is never colour alone. */
export type RtpStanding = 'outside' | 'within' | 'unknown';

export function rtpStanding(row: {
  outside: boolean;
  rtp: number | null;
  rtpLow: number | null;
  rtpHigh: number | null;
}): RtpStanding {
  if (row.outside) return 'outside';
  return row.rtp === null || row.rtpLow === null || row.rtpHigh === null ? 'unknown' : 'within';
}

/**
 * The heading of a converted column: its currency and the day of its rates when every row shares them
 * (`NGR in EUR, rates of 2025-03-01`); otherwise each cell names its own (`convertedNote`).
 */
export function convertedHeading(figure: string, rows: readonly { converted: ConvertedFigures | null }[]): string {
  const converted = rows.map((r) => r.converted).filter((c): c is ConvertedFigures => c !== null);
  const currencies = new Set(converted.map((c) => c.currency));
  const dates = new Set(converted.map((c) => c.rateDate));
  if (currencies.size === 1 && dates.size === 1) {
    return `${figure} in ${[...currencies][0]}, rates of ${[...dates][0]}`;
  }
  if (currencies.size === 1) return `${figure} in ${[...currencies][0]}`;
  return `${figure} converted`;
}

/** Said beside a converted figure when the heading cannot say it for every row. */
export const convertedNote = (converted: ConvertedFigures): string =>
  `${converted.currency} at the rates of ${converted.rateDate}`;

/**
 * The difference a reconciliation found, `ledger − rollup`, exact: both sides are integer minor units as
 * decimal strings (bigint, never a float). Null when either side is not an integer.
 */
export function findingDifference(rollup: string, ledger: string): string | null {
  if (!/^-?\d+$/.test(rollup) || !/^-?\d+$/.test(ledger)) return null;
  const difference = BigInt(ledger) - BigInt(rollup);
  return difference > 0n ? `+${difference}` : String(difference);
}
