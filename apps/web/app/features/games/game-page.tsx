import type { Game } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { ErrorScreen } from '../../shared/ui/error-screen.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { RealityCheck } from '../limits/index.ts';
import { setOpenGame } from '../realtime/index.ts';
import { FavoriteButton } from './game-card.tsx';
import { GameThumb } from './game-thumb.tsx';
import { initialMode, type PlayMode } from './play.ts';
import { peekReturnGame, rememberReturnGame, takeReturnGame } from './return-game.ts';
import { useLaunch } from './use-launch.ts';
import './games.css';

/**
 * /games/{id}: the game in an iframe from POST …/play, real or demo, favorite, full screen, the info
 * panel; refusals of …/play handled per api-contract §1.4 and §9.
 */
export function GamePage({ game }: { game: Game }) {
  const { t, href } = useI18n();
  const { isLoggedIn, isPending } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const modals = useModals();
  const toasts = useToasts();
  const asked = new URLSearchParams(search).get('mode');
  const [mode, setMode] = useState<PlayMode | null>(() => initialMode(game, isLoggedIn, asked));
  // A new game (same component, other id) or a session change picks the mode again. Adjusted while
  // rendering, not in an effect: the launch below must never start with the mode of before (signing in
  // would otherwise launch one more demo, load it in the frame and only then replace it with real play).
  const modeInputs = `${game.id}|${game.isDemoMode}|${isLoggedIn}|${asked}`;
  const [modeFor, setModeFor] = useState(modeInputs);
  if (modeFor !== modeInputs) {
    setModeFor(modeInputs);
    setMode(initialMode(game, isLoggedIn, asked));
  }
  const { state, restart } = useLaunch(game, mode);
  const stage = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  // Back from signing in: the remembered game is this one, so real play starts here.
  useEffect(() => {
    if (isLoggedIn && peekReturnGame() === pathname) {
      takeReturnGame();
      setMode('real');
    }
  }, [isLoggedIn, pathname]);

  // Real-time bet notices concern only this game, in real mode (api-contract §14.2).
  useEffect(() => {
    if (!mode) return;
    setOpenGame({ identity: game.identity, mode, restart });
    return () => setOpenGame(null);
  }, [game.identity, mode, restart]);

  // Refusals of …/play (api-contract §1.4).
  const reaction = state.kind === 'refused' ? state.reaction.kind : null;
  useEffect(() => {
    if (reaction === 'limit-reached') navigate(`${href('/profile/limits')}?game-limit-reached=true`);
    else if (reaction === 'real-limited') {
      toasts.show({
        type: 'warning',
        title: t('alerts.limitedRealGame.title'),
        description: t('alerts.limitedRealGame.text'),
      });
      navigate(href('/'));
    } else if (reaction === 'restricted-bets') modals.open('restricted-bets');
    else if (reaction === 'geo-restricted') modals.open('geo-restricted-game');
    // Once per refusal: `state` is a new object for every answer.
  }, [reaction, state]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === stage.current && stage.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const el = stage.current;
    if (!el) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void el.requestFullscreen?.().catch(() => {});
  }, []);

  const signInForReal = () => {
    rememberReturnGame(pathname);
    modals.open('sign-in');
  };
  // A guest asking for real money while in demo: what demo is, and the way to sign in.
  const askForReal = () => {
    if (!game.isDemoMode) return signInForReal();
    rememberReturnGame(pathname);
    modals.open('demo-game', game.identity);
  };

  if (reaction === 'not-found') return <ErrorScreen status={404} />;

  return (
    <div className="game-page">
      <div className="game-page__bar">
        <LocalLink to="/main" className="icon-button" aria-label={t('global-components.games.backToLobby')}>
          <Icon name="chevronLeft" />
        </LocalLink>
        <h1 className="game-page__title">{game.name}</h1>
        <span className="game-page__provider muted">{game.provider.name}</span>
        <span className="header__spacer" />
        <RealityCheck playing={isLoggedIn && mode === 'real' && state.kind === 'ready'} />
        <fieldset className="segmented game-page__modes">
          <legend className="visually-hidden">{t('global-components.games.mode')}</legend>
          <button
            type="button"
            className={`segmented__tab${mode === 'real' ? ' active' : ''}`}
            aria-pressed={mode === 'real'}
            onClick={() => (isLoggedIn ? setMode('real') : askForReal())}
          >
            {t('global-components.games.real')}
          </button>
          <button
            type="button"
            className={`segmented__tab${mode === 'demo' ? ' active' : ''}`}
            aria-pressed={mode === 'demo'}
            disabled={!game.isDemoMode}
            title={game.isDemoMode ? undefined : t('global-components.games.noDemo')}
            onClick={() => setMode('demo')}
          >
            {t('global-components.games.demo')}
          </button>
        </fieldset>
        {isLoggedIn && <FavoriteButton gameId={game.id} name={game.name} />}
        <button
          type="button"
          className="icon-button"
          aria-label={t(fullscreen ? 'global-components.games.exitFullscreen' : 'global-components.games.fullscreen')}
          aria-pressed={fullscreen}
          onClick={toggleFullscreen}
        >
          <Icon name="expand" />
        </button>
      </div>

      <div ref={stage} className={`game-stage${fullscreen ? ' game-stage--full' : ''}`}>
        {state.kind === 'ready' ? (
          <iframe
            key={state.url}
            className="game-stage__frame"
            src={state.url}
            title={game.name}
            allow="fullscreen; autoplay; clipboard-write"
            allowFullScreen
          />
        ) : (
          <div className="game-stage__cover">
            <GameThumb images={game.images} customImages={game.customImages} name={game.name} size="200x200" />
            {mode === null && !isPending ? (
              <div className="stack game-stage__prompt">
                <p>{t('global-components.games.signInToPlay')}</p>
                <button type="button" className="button button--primary" onClick={signInForReal}>
                  {t('global-components.common.signIn')}
                </button>
              </div>
            ) : state.kind === 'refused' ? (
              <div className="stack game-stage__prompt">
                <p>{t('global-components.games.notStarted')}</p>
                <button type="button" className="button button--ghost" onClick={restart}>
                  {t('global-components.common.retry')}
                </button>
              </div>
            ) : (
              <p className="game-stage__loading" role="status">
                <span className="game-stage__spinner" aria-hidden="true" />
                {t('global-components.games.starting')}
              </p>
            )}
          </div>
        )}
      </div>

      {!isLoggedIn && mode === 'demo' && (
        <p className="game-page__guest notice notice--info">
          <span>{t('global-components.games.demoGuestNote')}</span>
          <button type="button" className="button button--primary" onClick={signInForReal}>
            {t('global-components.games.signInForReal')}
          </button>
        </p>
      )}

      <GameInfo game={game} />
    </div>
  );
}

/** Provider, RTP, volatility, description and how provably fair rounds can be checked. */
function GameInfo({ game }: { game: Game }) {
  const { t, locale } = useI18n();
  const rtp =
    game.rtp === null
      ? null
      : `${game.rtp.toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 })}%`;
  return (
    <section className="game-info card" aria-labelledby="game-info-title">
      <h2 id="game-info-title" className="game-info__title">
        <Icon name="info" /> {t('global-components.games.info')}
      </h2>
      <dl className="game-info__facts">
        <div>
          <dt>{t('global-components.games.provider')}</dt>
          <dd>{game.provider.name}</dd>
        </div>
        {rtp && (
          <div>
            <dt>{t('global-components.games.rtp')}</dt>
            <dd>{rtp}</dd>
          </div>
        )}
        {game.volatility && (
          <div>
            <dt>{t('global-components.games.volatility')}</dt>
            <dd>{volatilityLabel(t, game.volatility)}</dd>
          </div>
        )}
        {game.labels.length > 0 && (
          <div>
            <dt>{t('global-components.games.labels')}</dt>
            <dd>{game.labels.map((l) => l.name).join(', ')}</dd>
          </div>
        )}
      </dl>
      {game.description && <p className="game-info__description">{game.description}</p>}
      <details className="game-info__fair">
        <summary>{t('global-components.games.fairTitle')}</summary>
        <p>{t('global-components.games.fairText')}</p>
      </details>
    </section>
  );
}

const VOLATILITIES = ['low', 'medium', 'high'];
const volatilityLabel = (t: (key: string) => string, value: string) =>
  VOLATILITIES.includes(value.toLowerCase())
    ? t(`global-components.games.volatilityLevel.${value.toLowerCase()}`)
    : value;
