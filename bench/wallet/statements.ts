import type { ChildProcess } from 'node:child_process';
import { round } from '../ssr/load.ts';
import { type QueryCounts, STATS_MESSAGE } from './count-queries.ts';

/** What the request path cost in SQL during the timed phase, per seamless call (bet or win). */
export interface StatementProfile {
  requests: number;
  /** Statements on the request pool per call, and of those BEGIN + COMMIT + ROLLBACK and the rest. */
  perRequest: number;
  transactionControl: number;
  other: number;
  /** Pool checkouts per call; the share that found the pool full; time spent waiting in pool.connect(). */
  checkouts: number;
  queuedShare: number;
  waitMsPerRequest: number;
  /** Statements outside the pool (outbox dispatcher, locks) per call. */
  dedicated: number;
}

/** Asks the server (started with count-queries.ts preloaded and an IPC channel) for its totals. */
export function queryCounts(child: ChildProcess): Promise<QueryCounts> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no query counts from the server (IPC)')), 5000);
    const onMessage = (message: { type?: string; counts?: QueryCounts }) => {
      if (message?.type !== STATS_MESSAGE || !message.counts) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.counts);
    };
    child.on('message', onMessage);
    child.send(STATS_MESSAGE);
  });
}

export function statementProfile(before: QueryCounts, after: QueryCounts, requests: number): StatementProfile {
  const n = Math.max(1, requests);
  const d = (pick: (c: QueryCounts) => number) => pick(after) - pick(before);
  const control = d((c) => c.pool.begin + c.pool.commit + c.pool.rollback);
  const other = d((c) => c.pool.other);
  const checkouts = d((c) => c.checkouts);
  return {
    requests,
    perRequest: round((control + other) / n, 2),
    transactionControl: round(control / n, 2),
    other: round(other / n, 2),
    checkouts: round(checkouts / n, 2),
    queuedShare: round(d((c) => c.queued) / Math.max(1, checkouts), 3),
    waitMsPerRequest: round(d((c) => c.waitMs) / n, 3),
    dedicated: round(d((c) => c.dedicated) / n, 3),
  };
}
