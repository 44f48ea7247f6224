import { type ParamChanges, textOf } from '../lib/url-state.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { PlayerFilter } from './player-filter.tsx';
import { Segmented } from './segmented.tsx';

/** The address change for a filter's new value: the default leaves the address, `clears` go with it. */
export function filterChange(
  param: string,
  next: string,
  fallback: string,
  clears: readonly string[] = [],
): ParamChanges {
  return { [param]: next === fallback ? null : next, ...Object.fromEntries(clears.map((name) => [name, null])) };
}

/**
 * A queue's filters in the address: one value of a few (`?status=` unless `param` says otherwise; the default
 * value leaves the address) and the player the queue is narrowed to (`?playerId=`). `clears` names what a new
 * value makes meaningless (an open document).
 */
export function QueueFilters<T extends string>({
  options,
  value,
  fallback,
  param = 'status',
  legend = 'Status',
  clears = [],
}: {
  options: readonly { value: T; label: string }[];
  value: T;
  fallback: T;
  param?: string;
  legend?: string;
  clears?: readonly string[];
}) {
  const { params, set } = useUrlState();
  return (
    <div className="filters">
      <Segmented
        legend={legend}
        options={options}
        value={value}
        onChange={(next) => set(filterChange(param, next, fallback, clears))}
      />
      <PlayerFilter playerId={textOf(params, 'playerId')} onClear={() => set({ playerId: null })} />
    </div>
  );
}
