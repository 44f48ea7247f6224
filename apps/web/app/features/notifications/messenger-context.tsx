import type { ApiClient, Message } from '@croupier/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
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
export const MessengerReceiveContext = createContext<ReceiveMessage | null>(null);

const api = (): ApiClient => browserApi();

/**
 * The player's messenger state shared by the header bell and the notifications page, kept live by
 * `messenger:notifications#{id}` (api-contract §14.2): unread +1, popover prepend, alert, list reload.
 * The subscription is MessengerLiveUpdates, loaded after hydration with the other real-time listeners.
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

  useEffect(() => {
    setTotalUnread(null);
    setLatest([]);
    if (!playerId) return;
    let live = true;
    setLoading(true);
    api()
      .notification.messages({ query: { page: 1, perPage: POPOVER_SIZE } })
      .then(({ data, meta }) => {
        if (!live) return;
        setLatest(data);
        setTotalUnread(meta.totalUnread);
      })
      .catch((error: unknown) => console.warn('messenger load failed', error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [playerId]);

  const receive = useCallback<ReceiveMessage>(
    (message, invoiceId) => {
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

  const markAllRead = useCallback(async () => {
    const { data } = await api().notification.readAll();
    setTotalUnread(data.totalUnread);
    setLatest((list) => markRead(list, null));
  }, []);

  const applyRead = useCallback((ids: string[], count: number) => {
    setTotalUnread(count);
    setLatest((list) => markRead(list, new Set(ids)));
  }, []);

  const applyRemoved = useCallback((ids: string[], count: number) => {
    const gone = new Set(ids);
    setTotalUnread(count);
    setLatest((list) => list.filter((m) => !gone.has(m.id)));
  }, []);

  const value = useMemo<MessengerValue>(
    () => ({ totalUnread, latest, isLoading, version, markAllRead, applyRead, applyRemoved }),
    [totalUnread, latest, isLoading, version, markAllRead, applyRead, applyRemoved],
  );
  return (
    <MessengerContext.Provider value={value}>
      <MessengerReceiveContext.Provider value={receive}>{children}</MessengerReceiveContext.Provider>
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
