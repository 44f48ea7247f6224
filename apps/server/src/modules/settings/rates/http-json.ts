import { applyFeedAnswer } from './feed.ts';
import type { RatesSource } from './port.ts';
import { type RatesTable, seededTable } from './table.ts';

export interface HttpJsonRatesOptions {
  /** Answers `{ base: 'EUR', rates: { USD: 1.08, … } }`, major units per base major unit. */
  url: string;
  refreshMs: number;
  timeoutMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The table until the first good answer (default: the seeded one). */
  initial?: RatesTable;
  now?: () => Date;
}

/**
 * The `http-json` adapter: fetches RATES_URL at start and every refresh period. A failed, slow or absurd
 * answer is logged and the last good table stays in use; one fetch runs at a time.
 */
export function httpJsonRates({
  url,
  refreshMs,
  timeoutMs,
  log,
  initial = seededTable,
  now = () => new Date(),
}: HttpJsonRatesOptions): RatesSource {
  let table = initial;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  // Aborts a fetch in flight when the app closes, so shutdown does not wait for a slow feed.
  const closing = new AbortController();

  async function fetchOnce(): Promise<boolean> {
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing.signal]),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const answer: unknown = await res.json();
      table = applyFeedAnswer(table, answer, now());
      log.info({ url, currencies: table.rates.size }, 'rates refreshed');
      return true;
    } catch (error) {
      if (closing.signal.aborted) return false;
      log.warn({ url, err: error }, 'rates refresh failed: keeping the last good table');
      return false;
    }
  }

  const refresh = () => {
    running ??= fetchOnce().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    kind: 'http-json',
    current: () => table,
    refresh,
    async start() {
      // The first answer is awaited (bounded by the timeout) so the site does not open on stale rates.
      await refresh();
      timer = setInterval(() => void refresh(), refreshMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      closing.abort();
      await running;
    },
  };
}
