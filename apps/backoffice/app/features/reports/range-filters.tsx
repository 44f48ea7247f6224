import type { FormEvent, ReactNode } from 'react';
import { useUrlState } from '../../lib/use-url-state.ts';
import { Field } from '../../ui/field.tsx';
import { DEFAULT_DAYS, lastDays, type RangeFilters as Range, rangeProblem } from './params.ts';

/**
 * The reports' range and currency, in the address (`?from=&to=&currency=`), applied together with the button
 * (a date typed half-way is not a query). Quick ranges set both ends at once. What the API would refuse (a
 * backward range, more than 366 days) is said here, and the report is not asked.
 */
export function RangeFilters({ range, children }: { range: Range; children?: ReactNode }) {
  const { params, set } = useUrlState();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set({
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
      currency: String(form.get('currency') ?? '').toUpperCase(),
    });
  };
  const problem = rangeProblem(range);
  // A quick range ends today (no `to` in the address), so a bookmark of it keeps following the days.
  const quick = (days: number) => set({ from: days === DEFAULT_DAYS ? null : lastDays(days).from, to: null });
  return (
    <>
      <form className="filters report-filters" onSubmit={submit} aria-label="Report range" key={params.toString()}>
        <Field label="From (UTC day)" name="from">
          {(props) => <input {...props} type="date" defaultValue={range.from} required />}
        </Field>
        <Field label="To (UTC day)" name="to">
          {(props) => <input {...props} type="date" defaultValue={range.to} required />}
        </Field>
        <Field label="Currency" name="currency">
          {(props) => (
            <input
              {...props}
              defaultValue={range.currency ?? ''}
              placeholder="All"
              maxLength={5}
              pattern="[A-Za-z0-9]{3,5}"
              autoComplete="off"
              spellCheck={false}
              className="input--code"
            />
          )}
        </Field>
        <div className="filters__buttons">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          <button type="button" className="button button--ghost" onClick={() => quick(7)}>
            7 days
          </button>
          <button type="button" className="button button--ghost" onClick={() => quick(DEFAULT_DAYS)}>
            30 days
          </button>
        </div>
      </form>
      {problem && (
        <p className="form-message" role="alert">
          {problem}
        </p>
      )}
      {children}
    </>
  );
}
