import { type Account, AccountStatus } from '@croupier/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createSnapshotLoader, type SnapshotLoader } from '../../shared/live/snapshot-loader.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

export interface WalletValue {
  accounts: Account[];
  /** The account with status 1; null while loading or for a guest. */
  active: Account | null;
  isLoading: boolean;
  reload(): Promise<void>;
  /** Opens an account (POST); resolves the full list. Rejects with the ApiError when refused. */
  create(currency: string): Promise<Account[]>;
  switchTo(accountId: string): Promise<void>;
  /** Rejects with the ApiError when the server refuses (e.g. the active account). */
  hide(accountId: string): Promise<void>;
  /** Puts one account in place of the one with the same id (real-time balance updates). */
  replace(account: Account): void;
}

const WalletContext = createContext<WalletValue | null>(null);

const noAccounts = async (): Promise<Account[]> => [];
const nothing = async () => {};
/** Outside the provider (the geo-restricted layout) the wallet is simply empty. */
const EMPTY_WALLET: WalletValue = {
  accounts: [],
  active: null,
  isLoading: false,
  reload: nothing,
  create: noAccounts,
  switchTo: nothing,
  hide: nothing,
  replace: () => {},
};

export const activeAccount = (accounts: readonly Account[]) =>
  accounts.find((a) => a.status === AccountStatus.active) ?? null;

export const replaceAccount = (accounts: readonly Account[], next: Account) =>
  accounts.map((a) => (a.id === next.id ? next : a));

/**
 * The player's accounts (api-contract §7): loaded when a session starts, cleared when it ends, re-fetched
 * when the tab becomes visible again and each time the balance channel (re)subscribes, replaced from the
 * server's full list after every change. Live balance updates arrive through WalletLiveUpdates
 * (real-time channel) via `replace`.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [isLoading, setLoading] = useState(Boolean(playerId));
  // A new session is loading from its first render on (not only once the effect below has run), so
  // nothing reads the previous session's accounts, or none at all, as this player's final list.
  const [listFor, setListFor] = useState(playerId);
  if (listFor !== playerId) {
    setListFor(playerId);
    setAccounts([]);
    setLoading(Boolean(playerId));
  }
  // One loader per session: answers that arrive after the session changed are dropped, and a list read
  // before a live balance update (or an action's answer) is read again, not applied (decision 0084).
  const loader = useRef<SnapshotLoader | null>(null);

  const reload = useCallback(async () => {
    const current = loader.current;
    if (!current) return;
    try {
      await current.load();
    } finally {
      if (loader.current === current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    setAccounts([]);
    setLoading(Boolean(playerId));
    if (!playerId) return;
    const current = createSnapshotLoader(async () => (await browserApi().wallet.accounts()).data, setAccounts);
    loader.current = current;
    reload().catch(() => {}); // a 401 logs out through the runtime; the list stays empty
    return () => {
      current.stop();
      loader.current = null;
    };
  }, [playerId, reload]);

  useEffect(() => {
    if (!playerId) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload().catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [playerId, reload]);

  /** An action's answer is the server's full list: newer than any reload still on its way. */
  const adopt = useCallback(async (action: Promise<{ data: Account[] }>) => {
    const current = loader.current;
    const { data } = await action;
    if (current && loader.current === current) {
      current.updated();
      setAccounts(data);
    }
    return data;
  }, []);

  const create = useCallback(
    (currency: string) => adopt(browserApi().wallet.createAccount({ body: { currency } })),
    [adopt],
  );
  const switchTo = useCallback(
    async (accountId: string) => {
      await adopt(browserApi().wallet.switchAccount({ params: { accountId } }));
    },
    [adopt],
  );
  const hide = useCallback(
    async (accountId: string) => {
      await adopt(browserApi().wallet.hideAccount({ params: { accountId } }));
    },
    [adopt],
  );
  const replace = useCallback((account: Account) => {
    loader.current?.updated();
    setAccounts((prev) => replaceAccount(prev, account));
  }, []);

  const value = useMemo<WalletValue>(
    () => ({ accounts, active: activeAccount(accounts), isLoading, reload, create, switchTo, hide, replace }),
    [accounts, isLoading, reload, create, switchTo, hide, replace],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletValue {
  return useContext(WalletContext) ?? EMPTY_WALLET;
}
