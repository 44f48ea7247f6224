import type { RatesSource } from './port.ts';
import { seededTable } from './table.ts';

/** The default adapter: the reference table seeded in packages/contracts, never changing. */
export function seededRates(): RatesSource {
  return {
    kind: 'seeded',
    current: () => seededTable,
    refresh: async () => false,
    start: async () => {},
    stop: async () => {},
  };
}
