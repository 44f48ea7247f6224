import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { StudioApiError } from './api.ts';
import { Ctx, type GameCtx, usePrefersReducedMotion } from './ctx.ts';
import { Blackjack } from './games/Blackjack.tsx';
import { Dice } from './games/Dice.tsx';
import { Mines } from './games/Mines.tsx';
import { Plinko } from './games/Plinko.tsx';
import { Roulette } from './games/Roulette.tsx';
import { Slot } from './games/Slot.tsx';
import { intlLocale, type MessageKey, pickLocale, translator } from './i18n.ts';
import { betOptions, formatAmount, formatMoney, parseMinor } from './money.ts';
import type { FreeRound, GameChoice, GameId, Seeds, Session, StudioBackend } from './types.ts';
import { BetSelector, FairnessDialog, type Toast, Toasts, TopBar } from './ui.tsx';

const GAMES: Record<GameId, ComponentType> = {
  'neon-fruits': Slot,
  'european-roulette': Roulette,
  blackjack: Blackjack,
  dice: Dice,
  mines: Mines,
  plinko: Plinko,
};

/** Games whose bet is set per chip on the table instead of by the bet bar. */
const OWN_BET: ReadonlySet<GameId> = new Set(['european-roulette']);

const ERROR_KEYS: Record<string, MessageKey> = {
  insufficient_funds: 'err_insufficient_funds',
  limit_reached: 'err_limit_reached',
  wallet_unavailable: 'err_wallet_unavailable',
  session_expired: 'err_session_expired',
  round_open: 'err_round_open',
  round_not_found: 'err_round_not_found',
  invalid_bet: 'err_invalid_bet',
  invalid_choice: 'err_invalid_choice',
  invalid_action: 'err_invalid_action',
  invalid_seed: 'seedRule',
  round_finished: 'err_round_not_found',
  session_not_found: 'err_session_expired',
  wallet_refused: 'err_wallet_refused',
  too_many_requests: 'err_too_many_requests',
  player_disabled: 'err_player_disabled',
  network: 'err_network',
};

function isInteractive(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return !!el.closest('button, a, input, select, textarea, summary, [role="button"], [role="slider"], dialog');
}

export function App({ backend }: { backend: StudioBackend }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [balance, setBalance] = useState('0');
  const [seeds, setSeeds] = useState<Seeds | null>(null);
  const [bet, setBet] = useState('0');
  const [locked, setLocked] = useState(false);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [fairOpen, setFairOpen] = useState(false);
  const [freeRounds, setFreeRounds] = useState<FreeRound[]>([]);
  const pending = useRef<string | null>(null);
  const primary = useRef<(() => void) | null>(null);
  const toastId = useRef(0);
  const reducedMotion = usePrefersReducedMotion();

  const locale = pickLocale(
    session?.locale ?? new URLSearchParams(location.search).get('locale') ?? navigator.language,
  );
  const t = useMemo(() => translator(locale), [locale]);

  const load = useCallback(() => {
    setLoadError(false);
    backend.session().then(
      (s) => {
        setSession(s);
        setBalance(s.balance);
        setSeeds(s.seeds);
        setBet(betOptions(s.limits)[0] ?? s.limits.minBet);
        document.documentElement.lang = intlLocale(pickLocale(s.locale));
        if (s.openRound) pushToast(translator(pickLocale(s.locale))('resumed'), 'info');
        if (s.mode === 'real' && backend.freeRounds) {
          backend.freeRounds().then(
            (a) => setFreeRounds(a.freeRounds),
            () => setFreeRounds([]),
          );
        }
      },
      () => setLoadError(true),
    );
  }, [backend]);
  useEffect(load, []);

  const pushToast = useCallback((text: string, kind: Toast['kind'] = 'error') => {
    toastId.current += 1;
    const id = toastId.current;
    setToasts((ts) => [...ts.filter((x) => x.text !== text).slice(-2), { id, text, kind }]);
    setTimeout(() => setToasts((ts) => ts.filter((x) => x.id !== id)), 6000);
  }, []);

  const showError = useCallback(
    (error: unknown) => {
      const code = error instanceof StudioApiError ? error.code : 'generic';
      pushToast(t(ERROR_KEYS[code] ?? 'err_generic'));
    },
    [pushToast, t],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === ' ' || e.key === 'Enter') && !e.repeat && !isInteractive(e.target) && primary.current) {
        e.preventDefault();
        primary.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const ctx = useMemo<GameCtx | null>(() => {
    if (!session) return null;
    // A round answer without a balance (the wallet did not say): ask the session again.
    const freshBalance = () =>
      backend.session().then(
        (s) => s.balance,
        () => session.balance,
      );
    const intl = intlLocale(locale);
    return {
      session,
      t,
      locale,
      money: (m) => formatMoney(m, session.subunitToUnit, session.currency, intl),
      amount: (m) => formatAmount(m, session.subunitToUnit, intl),
      bet,
      reducedMotion,
      openRound: session.openRound,
      play: async (choice: GameChoice, stake = bet) => {
        try {
          const answer = await backend.play(stake, choice);
          setSeeds((s) => (s ? { ...s, nonce: s.nonce + 1 } : s));
          const after = answer.balance ?? (await freshBalance());
          if (answer.round.status === 'open') {
            pending.current = null;
            setBalance(after);
          } else {
            // Show the bet taken now and the payout when the game's animation lands (settle()).
            setBalance((b) => (parseMinor(b) - parseMinor(stake)).toString());
            pending.current = after;
          }
          return answer.round;
        } catch (error) {
          showError(error);
          return null;
        }
      },
      act: async (roundId, action, tile) => {
        try {
          const answer = await backend.act(roundId, action, tile);
          const after = answer.balance ?? (await freshBalance());
          if (answer.round.status === 'open') setBalance(after);
          else pending.current = after;
          return answer.round;
        } catch (error) {
          showError(error);
          return null;
        }
      },
      freeRound: freeRounds[0] ?? null,
      playFree: async () => {
        const award = freeRounds[0];
        if (!award || !backend.playFreeRound) return null;
        try {
          const answer = await backend.playFreeRound(award.id);
          setSeeds((s) => (s ? { ...s, nonce: s.nonce + 1 } : s));
          pending.current = answer.balance ?? (await freshBalance());
          const used = { ...award, usedCount: award.usedCount + 1 };
          setFreeRounds((list) => (used.usedCount < used.count ? [used, ...list.slice(1)] : list.slice(1)));
          return answer.round;
        } catch (error) {
          setFreeRounds([]);
          showError(error);
          return null;
        }
      },
      reload: () =>
        backend.session().then(
          (s) => {
            setBalance(s.balance);
            setSeeds(s.seeds);
            return s;
          },
          () => null,
        ),
      settle: () => {
        if (pending.current !== null) setBalance(pending.current);
        pending.current = null;
      },
      setLocked,
      setPrimary: (fn) => {
        primary.current = fn;
      },
    };
  }, [session, t, locale, bet, reducedMotion, backend, showError, freeRounds]);

  if (!session || !ctx || !seeds) {
    return (
      <div className="loading" role="status">
        {loadError ? (
          <>
            <p>{t('loadFailed')}</p>
            <button type="button" className="btn btn--primary" onClick={load}>
              {t('retry')}
            </button>
          </>
        ) : (
          <>
            <span className="spinner" aria-hidden="true" />
            <p>{t('loading')}</p>
          </>
        )}
      </div>
    );
  }

  const Game = GAMES[session.game] ?? Slot;
  const title = t(`game_${session.game.replace('-', '_').replace('-', '_')}` as MessageKey);
  return (
    <Ctx.Provider value={ctx}>
      <div className={`app game-${session.game}`}>
        <TopBar title={title} balance={balance} onFair={() => setFairOpen(true)} />
        <main className="stage" aria-label={title}>
          <Game />
        </main>
        {!OWN_BET.has(session.game) && <BetSelector bet={bet} setBet={setBet} disabled={locked} balance={balance} />}
        <Toasts toasts={toasts} onDismiss={(id) => setToasts((ts) => ts.filter((x) => x.id !== id))} />
        {fairOpen && (
          <FairnessDialog
            backend={backend}
            seeds={seeds}
            setSeeds={setSeeds}
            onClose={() => setFairOpen(false)}
            onError={showError}
            onInfo={(text) => pushToast(text, 'info')}
          />
        )}
      </div>
    </Ctx.Provider>
  );
}
