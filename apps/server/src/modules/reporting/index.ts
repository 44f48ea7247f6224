// The reporting module as other modules and app.ts see it (decision 0121): functions, never tables.

export { applyEvents, sumEvents } from './apply.ts';
export { classify, type Effects } from './classify.ts';
export { LEDGER_CHANNEL, PLAYERS_CHANNEL, type ReportingEvent } from './events.ts';
export { createReportingModule, type ReportingModule, type ReportingOptions } from './module.ts';
export {
  createTodayAnnouncer,
  type TodayAnnouncer,
  type TodayAnnouncerOptions,
  todayFigures,
  utcDayOf,
} from './today.ts';
