import { type ReactNode, useEffect, useId, useState } from 'react';
import { useI18n, useT } from '../../shared/i18n/i18n.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { GameListGrid } from './game-grid.tsx';
import { SEARCH_MIN } from './query.ts';
import { useGameList } from './use-game-list.ts';

const DEBOUNCE_MS = 300;

/**
 * The lobby's search: from 2 characters (api-contract §9) the results replace the lobby below it;
 * fewer characters show the lobby again. Typing is debounced.
 */
export function GameSearch({ children }: { children: ReactNode }) {
  const { t, root } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const searching = term.length >= SEARCH_MIN;
  return (
    <>
      <search className="game-search">
        <form onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {t('global-components.games.search')}
          </label>
          <Icon name="search" className="game-search__icon" />
          <input
            id={`${id}-q`}
            type="search"
            className="input game-search__input"
            placeholder={t('global-components.games.searchPlaceholder')}
            value={text}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
          {text.trim().length > 0 && text.trim().length < SEARCH_MIN && (
            <p className="game-search__hint muted">
              {t('global-components.games.searchTooShort', { min: SEARCH_MIN })}
            </p>
          )}
        </form>
      </search>
      {searching ? <SearchResults term={term} country={root.geo.country ?? null} /> : children}
    </>
  );
}

function SearchResults({ term, country }: { term: string; country: string | null }) {
  const t = useT();
  const list = useGameList({ name: term, country });
  return (
    <section className="game-search-results" aria-label={t('global-components.games.searchResults', { term })}>
      <h2 className="section__title">{t('global-components.games.searchResults', { term })}</h2>
      <GameListGrid
        list={list}
        emptyIcon="search"
        emptyText={t('global-components.games.noResults', { term })}
        label={t('global-components.games.searchResults', { term })}
      />
    </section>
  );
}
