import { z } from 'zod';
import {
  BonusCostRow,
  DailyReportRow,
  FunnelRow,
  GameReportRow,
  PlayerReportRow,
  PlayersReportQuery,
  ReconcileRequest,
  ReconciliationReport,
  ReconciliationRun,
  ReportRange,
  RoundReplay,
  roundIdParams,
} from '../backoffice/reports.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';

// Reports (backoffice-api.md §8, decision 0121). Every report also answers `Accept: text/csv`, streamed: the
// same rows, amounts in major units, one header line.

export const backofficeReportEndpoints = {
  daily: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/reports/daily',
    auth: 'staff',
    permission: 'reports:read',
    summary:
      'One row per UTC day and currency with activity: deposits, withdrawals, bets, wins, GGR, bonus cost, NGR, active, new and first-depositing players. CSV with Accept: text/csv.',
    tags: ['backoffice'],
    query: ReportRange,
    response: dataOf(z.array(DailyReportRow)),
  }),
  games: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/reports/games',
    auth: 'staff',
    permission: 'reports:read',
    summary:
      'Per game and currency: rounds, bets, wins, RTP against the theoretical RTP and its 95 % interval for the rounds played (the RTP monitor). CSV with Accept: text/csv.',
    tags: ['backoffice'],
    query: ReportRange,
    response: dataOf(z.array(GameReportRow)),
  }),
  players: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/reports/players',
    auth: 'staff',
    permission: 'reports:read',
    summary: 'Top winners or losers over a range, per player and currency. CSV with Accept: text/csv.',
    tags: ['backoffice'],
    query: PlayersReportQuery,
    response: dataOf(z.array(PlayerReportRow)),
  }),
  bonusCost: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/reports/bonus-cost',
    auth: 'staff',
    permission: 'reports:read',
    summary: 'Bonus cost per campaign and currency: conversions and real-money prizes. CSV with Accept: text/csv.',
    tags: ['backoffice'],
    query: ReportRange,
    response: dataOf(z.array(BonusCostRow)),
  }),
  funnel: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/reports/funnel',
    auth: 'staff',
    permission: 'reports:read',
    summary: 'Registrations per UTC day and how many of them have deposited since. CSV with Accept: text/csv.',
    tags: ['backoffice'],
    query: ReportRange,
    response: dataOf(z.array(FunnelRow)),
  }),
  reconciliation: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/reports/reconciliation',
    auth: 'staff',
    permission: 'reports:read',
    summary: 'The last reconciliation run (rollups recomputed from the ledger) and the differences it found.',
    tags: ['backoffice'],
    response: dataOf(ReconciliationReport),
  }),
  reconcile: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/reports/reconciliation',
    auth: 'staff',
    permission: 'reports:reconcile',
    summary: 'Recomputes the rollups of a range from the ledger now and records every difference as a finding.',
    tags: ['backoffice'],
    body: ReconcileRequest,
    response: dataOf(ReconciliationRun),
  }),
  round: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/rounds/:roundId',
    auth: 'staff',
    permission: 'rounds:read',
    summary:
      "One round: its movements and provably-fair data, the outcome recomputed with the players' verifier (`verified`).",
    tags: ['backoffice'],
    params: roundIdParams,
    response: dataOf(RoundReplay),
  }),
};
