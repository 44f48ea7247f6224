import { ApiError, type Game } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { useWallet } from '../wallet/index.ts';
import { gameStartBody, type PlayMode } from './play.ts';
import { detectPlatform, type PlayReaction, playErrorReaction } from './query.ts';

export type LaunchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'refused'; reaction: PlayReaction };

/**
 * Starts the game (POST …/play) for a mode and starts it again when the mode, the player or the active
 * account changes, or when asked to restart. Real play waits for the wallet to know the active account.
 */
export function useLaunch(game: Game, mode: PlayMode | null) {
  const { locale, root, href } = useI18n();
  const { profile, isPending } = useSession();
  const wallet = useWallet();
  const [state, setState] = useState<LaunchState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const accountId = wallet.active?.id ?? null;
  const playerId = profile?.id ?? null;
  const profileCountry = profile?.country ?? null;
  const waitingForWallet = mode === 'real' && !accountId && wallet.isLoading;

  useEffect(() => {
    if (!mode || isPending || waitingForWallet || (mode === 'real' && !playerId)) {
      setState({ kind: 'idle' });
      return;
    }
    const request = ++latest.current;
    setState({ kind: 'loading' });
    const body = gameStartBody({
      mode,
      accountId,
      lobbyUrl: `${window.location.origin}${href('/main')}`,
      locale,
      profileCountry,
      geoCountry: root.geo.country,
      platform: detectPlatform(),
    });
    browserApi()
      .game.play({ params: { idOrIdentity: game.identity }, body })
      .then(({ data }) => {
        if (request === latest.current) setState({ kind: 'ready', url: data.gameUrl });
      })
      .catch((error: unknown) => {
        if (request !== latest.current) return;
        const code = error instanceof ApiError ? error.code : undefined;
        setState({ kind: 'refused', reaction: playErrorReaction(code) });
      });
    // attempt: restart on request; accountId: the active account changed (api-contract §9).
  }, [
    game.identity,
    mode,
    accountId,
    playerId,
    profileCountry,
    isPending,
    waitingForWallet,
    locale,
    href,
    root.geo.country,
    attempt,
  ]);

  const restart = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, restart };
}
