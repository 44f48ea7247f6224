import type { Game } from '@croupier/contracts';

export type PlayMode = 'real' | 'demo';

/** The first mode: `?mode=demo` asks for demo; players play for real; guests play demo where it exists. */
export function initialMode(
  game: Pick<Game, 'isDemoMode'>,
  isLoggedIn: boolean,
  asked: string | null,
): PlayMode | null {
  if (asked === 'demo' && game.isDemoMode) return 'demo';
  if (isLoggedIn) return 'real';
  return game.isDemoMode ? 'demo' : null;
}

/** The GameStart body (api-contract §9): the active account only for real play; country profile → geo → 'UA'. */
export function gameStartBody(input: {
  mode: PlayMode;
  accountId: string | null;
  lobbyUrl: string;
  locale: string;
  profileCountry: string | null | undefined;
  geoCountry: string | null | undefined;
  platform: 1 | 2;
}) {
  return {
    demoMode: input.mode === 'demo',
    ...(input.mode === 'real' && input.accountId ? { accountId: input.accountId } : {}),
    lobbyUrl: input.lobbyUrl,
    locale: input.locale,
    countryCode: input.profileCountry || input.geoCountry || 'UA',
    platform: input.platform,
  };
}
