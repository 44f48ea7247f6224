import type { ApiClient, Message } from '@croupier/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { createSnapshotLoader, type SnapshotLoader } from '../../shared/live/snapshot-loader.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { wasCancelledHere } from '../payment/index.ts';
import { markRead, POPOVER_SIZE, prependLatest } from './messages.ts';

export interface MessengerValue {
  /** Null until the first count arrives (or for a guest). */
  totalUnread: number | null;
  /** The newest messages for the popover, at most three. */
  latest: Message[];
  isLoading: boolean;
  /** Goes up on every `message.received`; the list page reloads when it changes. */
  version: number;
  markAllRead(): Promise<void>;
  /** After a read or delete on the list page: the server's count, and the popover kept in step. */
  applyRead(ids: string[], totalUnread: number): void;
  applyRemoved(ids: string[], totalUnread: number): void;
}

const MessengerContext = createContext<MessengerValue | null>(null);

/** What a `message.received` publication does to the messenger; MessengerLiveUpdates calls it. */
export type ReceiveMessage = (message: Message, invoiceId: string | undefined) => void;
export interface MessengerLive {
  receive: ReceiveMessage;
  /** The channel (re)subscribed: what was sent while it was down is only in a fresh count. */
  resync(): void;
}
export const MessengerLiveContext = createContext<MessengerLive | null>(null);

const api = (): ApiClient => browserApi();

/**
 * The player's messenger state shared by the header bell and the notifications page, kept live by
 * `messenger:notifications#{id}` (api-contract §14.2): unread +1, popover prepend, alert, list reload.
 * The subscription is MessengerLiveUpdates, loaded after hydration with the other real-time listeners;
 * each time it (re)subscribes the count is fetched again, and an answer that crossed a live message is
 * not trusted (decision 0084).
 */
export function MessengerProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const toasts = useToasts();
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const [totalUnread, setTotalUnread] = useState<number | null>(null);
  const [latest, setLatest] = useState<Message[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const loader = useRef<SnapshotLoader | null>(null);

  // Only the first load shows the popover's skeleton; a resync keeps the list it has on screen.
  const answered = useRef(false);
  const load = useCallback(() => {
    const current = loader.current;
    if (!current) return;
    if (!answered.current) setLoading(true);
    current
      .load()
      .catch((error: unknown) => console.warn('messenger load failed', error))
      .finally(() => loader.current === current && setLoading(false));
  }, []);

  useEffect(() => {
    setTotalUnread(null);
    setLatest([]);
    answered.current = false;
    if (!playerId) return;
    const current = createSnapshotLoader(
      () => api().notification.messages({ query: { page: 1, perPage: POPOVER_SIZE } }),
      ({ data, meta }) => {
        answered.current = true;
        setLatest(data);
        setTotalUnread(meta.totalUnread);
      },
    );
    loader.current = current;
    load();
    return () => {
      current.stop();
      loader.current = null;
    };
  }, [playerId, load]);

  const receive = useCallback<ReceiveMessage>(
    (message, invoiceId) => {
      loader.current?.updated();
      setTotalUnread((n) => (n ?? 0) + 1);
      setLatest((list) => prependLatest(list, message));
      setVersion((v) => v + 1);
      if (wasCancelledHere(invoiceId)) return;
      toasts.show({
        type: 'info',
        title: t('alerts.newNotification.title'),
        description: t('alerts.newNotification.text', { title: message.content.title }),
      });
    },
    [t, toasts],
  );
  const live = useMemo<MessengerLive>(() => ({ receive, resync: load }), [receive, load]);

  const markAllRead = useCallback(async () => {
    const { data } = await api().notification.readAll();
    loader.current?.updated();
    setTotalUnread(data.totalUnread);
    setLatest((list) => markRead(list, null));
  }, []);

  const applyRead = useCallback((ids: string[], count: number) => {
    loader.current?.updated();
    setTotalUnread(count);
    setLatest((list) => markRead(list, new Set(ids)));
  }, []);

  const applyRemoved = useCallback((ids: string[], count: number) => {
    const gone = new Set(ids);
    loader.current?.updated();
    setTotalUnread(count);
    setLatest((list) => list.filter((m) => !gone.has(m.id)));
  }, []);

  const value = useMemo<MessengerValue>(
    () => ({ totalUnread, latest, isLoading, version, markAllRead, applyRead, applyRemoved }),
    [totalUnread, latest, isLoading, version, markAllRead, applyRead, applyRemoved],
  );
  return (
    <MessengerContext.Provider value={value}>
      <MessengerLiveContext.Provider value={live}>{children}</MessengerLiveContext.Provider>
    </MessengerContext.Provider>
  );
}

const outside: MessengerValue = {
  totalUnread: null,
  latest: [],
  isLoading: false,
  version: 0,
  markAllRead: async () => {},
  applyRead: () => {},
  applyRemoved: () => {},
};

export function useMessenger(): MessengerValue {
  return useContext(MessengerContext) ?? outside;
}
