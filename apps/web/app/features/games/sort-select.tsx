import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useSession } from '../../shared/session/session.ts';
import { type GameSort, sortOptions } from './query.ts';

/** The sort menu, kept in `?sort=` so a reload or a shared link keeps it; `score` only for players. */
export function SortSelect({ value }: { value: GameSort }) {
  const t = useT();
  const id = useId();
  const { isLoggedIn } = useSession();
  const [, setParams] = useSearchParams();
  const change = (next: string) =>
    setParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'default') params.delete('sort');
        else params.set('sort', next);
        return params;
      },
      { preventScrollReset: true, replace: true },
    );
  return (
    <div className="sort-select">
      <label htmlFor={id} className="sort-select__label muted">
        {t('global-components.games.sortBy')}
      </label>
      <select id={id} className="input sort-select__input" value={value} onChange={(e) => change(e.target.value)}>
        {sortOptions(isLoggedIn).map((option) => (
          <option key={option} value={option}>
            {t(`global-components.games.sort.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
