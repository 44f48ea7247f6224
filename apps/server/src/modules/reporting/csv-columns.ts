import type { BonusCostRow, DailyReportRow, FunnelRow, GameReportRow, PlayerReportRow } from '@croupier/contracts';
import { amountCell, type CsvColumn } from './csv.ts';

// Each report's CSV columns: the JSON row's fields under their JSON names, amounts in major units of the row's
// currency; the daily report's converted figure flattened into `converted*` columns beside its rate date.

type Amounts<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R];
const amount = <R extends { currency: string }>(key: Amounts<R> & string): CsvColumn<R> => ({
  header: key,
  cell: (row) => amountCell(row[key] as number, row.currency),
});
const field = <R>(key: keyof R & string): CsvColumn<R> => ({
  header: key,
  cell: (row) => row[key] as string | number | boolean | null,
});

const convertedAmount = (
  key: 'deposits' | 'withdrawals' | 'ggr' | 'bonusCost' | 'ngr',
  header: string,
): CsvColumn<DailyReportRow> => ({
  header,
  cell: (row) => (row.converted ? amountCell(row.converted[key], row.converted.currency) : null),
});

export const dailyColumns: CsvColumn<DailyReportRow>[] = [
  field('date'),
  field('currency'),
  amount('deposits'),
  amount('withdrawals'),
  amount('bets'),
  amount('wins'),
  amount('ggr'),
  amount('bonusCost'),
  amount('ngr'),
  field('activePlayers'),
  field('newPlayers'),
  field('firstDeposits'),
  { header: 'convertedCurrency', cell: (row) => row.converted?.currency ?? null },
  { header: 'rateDate', cell: (row) => row.converted?.rateDate ?? null },
  convertedAmount('deposits', 'convertedDeposits'),
  convertedAmount('withdrawals', 'convertedWithdrawals'),
  convertedAmount('ggr', 'convertedGgr'),
  convertedAmount('bonusCost', 'convertedBonusCost'),
  convertedAmount('ngr', 'convertedNgr'),
];

export const gameColumns: CsvColumn<GameReportRow>[] = [
  field('gameId'),
  field('identity'),
  field('provider'),
  field('name'),
  field('currency'),
  field('rounds'),
  amount('bets'),
  amount('wins'),
  field('rtp'),
  field('theoreticalRtp'),
  field('rtpLow'),
  field('rtpHigh'),
  field('outside'),
];

export const playerColumns: CsvColumn<PlayerReportRow>[] = [
  field('playerId'),
  field('name'),
  field('currency'),
  amount('bets'),
  amount('wins'),
  amount('ggr'),
  amount('deposits'),
  amount('withdrawals'),
];

export const bonusCostColumns: CsvColumn<BonusCostRow>[] = [
  field('kind'),
  field('campaignId'),
  field('name'),
  field('currency'),
  amount('cost'),
  field('players'),
];

export const funnelColumns: CsvColumn<FunnelRow>[] = [
  field('date'),
  field('registrations'),
  field('deposited'),
  field('conversion'),
  field('medianHoursToDeposit'),
];
