import type { Game } from '@croupier/contracts';
import { useCallback, useEffect, useState } from 'react';
import { GAMES_CONTENT } from '../content-paths.ts';
import { detectPlatform, GameGrid, type ListStatus, PLAYED_SIZE } from '../features/games/index.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { browserApi } from '../shared/session/runtime.ts';
import { useSession } from '../shared/session/session.ts';
import { PageHeader } from '../shared/ui/page.tsx';
import { SignInPrompt } from '../shared/ui/sign-in-prompt.tsx';
import type { Route } from './+types/recently-played';

/** The page's own text (issue 15: the root sends the shell's only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { content: await routeContent(context.api, request, params.lang, GAMES_CONTENT) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.recentlyPlayed', noindex: true });

export default function RecentlyPlayed() {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.recentlyPlayed')} />
      {isLoggedIn ? (
        <PlayedGames />
      ) : (
        <SignInPrompt icon="clock" textKey="global-components.empty.recentlyPlayedGuest" />
      )}
    </div>
  );
}

/** GET /api/game/games/played: the last 18 games for this platform and country (api-contract §9). */
function PlayedGames() {
  const { t, root } = useI18n();
  const [games, setGames] = useState<Game[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const country = root.geo.country;
  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const { data } = await browserApi().game.played({
        query: { perPage: PLAYED_SIZE, platform: detectPlatform(), ...(country ? { countryCode: country } : {}) },
      });
      setGames(data);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [country]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <GameGrid
      games={games}
      status={status}
      onRetry={() => void load()}
      emptyIcon="clock"
      emptyText={t('global-components.empty.recentlyPlayed')}
      label={t('global-components.pages.recentlyPlayed')}
    />
  );
}
