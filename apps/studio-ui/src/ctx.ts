import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { Locale, Translate } from './i18n.ts';
import type { FreeRound, GameChoice, Round, Session } from './types.ts';

/** What the shell gives every game. */
export interface GameCtx {
  session: Session;
  t: Translate;
  locale: Locale;
  /** "10.50 EUR" for a minor-unit amount. */
  money: (minor: string | bigint) => string;
  /** The amount without the currency. */
  amount: (minor: string | bigint) => string;
  /** The selected bet (minor units). */
  bet: string;
  reducedMotion: boolean;
  /** Starts a round; null when it failed (the shell already showed why). */
  play: (choice: GameChoice, bet?: string) => Promise<Round | null>;
  act: (roundId: string, action: string, tile?: number) => Promise<Round | null>;
  /** Asks the session again (after a failed move: the round may have been rolled back). */
  reload: () => Promise<Session | null>;
  /** Shows the balance after the round's payout: call when the animation has landed. */
  settle: () => void;
  /** While true the bet cannot change (animation running or a round open). */
  setLocked: (locked: boolean) => void;
  /** What Space/Enter does when no control has the focus. */
  setPrimary: (fn: (() => void) | null) => void;
  /** An unfinished round to resume (blackjack, mines), once. */
  openRound: Round | null;
  /** Casino free spins to play first (the slot; decision 0065), or null. */
  freeRound: FreeRound | null;
  /** Plays one of them (stake 0); null when it failed. */
  playFree: () => Promise<Round | null>;
}

export const Ctx = createContext<GameCtx | null>(null);

export function useGame(): GameCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error('useGame outside the studio shell');
  return c;
}

/** Makes `run` (the game's latest one) what Space/Enter does while the game is mounted. */
export function usePrimaryAction(run: () => unknown): void {
  const { setPrimary } = useGame();
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    setPrimary(() => void runRef.current());
    return () => setPrimary(null);
  }, [setPrimary]);
}

export function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const m = matchMedia(query);
    const on = () => setReduced(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return reduced;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
