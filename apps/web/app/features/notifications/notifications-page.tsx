import { type Message, MessageState, type PaginationMeta } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { EmptyState, Skeleton } from '../../shared/ui/page.tsx';
import { MessageItem } from './message-item.tsx';
import { markRead, PAGE_SIZE } from './messages.ts';
import { useMessenger } from './messenger-context.tsx';

type Status = 'loading' | 'ready' | 'failed';

/** /profile/notifications: the player's messages five at a time, read and delete (api-contract §13). */
export function NotificationsPage() {
  const t = useT();
  const toasts = useToasts();
  const { version, totalUnread, applyRead, applyRemoved, markAllRead } = useMessenger();
  const [messages, setMessages] = useState<Message[]>([]);
  const [meta, setMeta] = useState<PaginationMeta | null>(null);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>('loading');
  const [busy, setBusy] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const failed = useCallback(
    () =>
      toasts.show({
        type: 'error',
        title: t('alerts.somethingWentWrong.title'),
        description: t('alerts.somethingWentWrong.text'),
      }),
    [t, toasts],
  );

  // A new message (version), a delete (reloads) and a page change load the page again.
  useEffect(() => {
    let live = true;
    setStatus('loading');
    browserApi()
      .notification.messages({ query: { page, perPage: PAGE_SIZE } })
      .then(({ data, meta: next }) => {
        if (!live) return;
        // A page emptied by deletes: step back to the last page that has messages.
        if (data.length === 0 && page > 1) return setPage(Math.max(1, next.totalPages));
        setMessages(data);
        setMeta(next);
        setStatus('ready');
      })
      .catch(() => live && setStatus('failed'));
    return () => {
      live = false;
    };
  }, [page, version, reloads]);

  const read = async (id: string) => {
    setBusy(id);
    try {
      const { data } = await browserApi().notification.read({ body: { messageIds: [id] } });
      setMessages((list) => markRead(list, new Set([id])));
      applyRead([id], data.totalUnread);
    } catch {
      failed();
    } finally {
      setBusy(null);
    }
  };

  const remove = async (id: string) => {
    setBusy(id);
    try {
      const { data } = await browserApi().notification.remove({ body: { messageIds: [id] } });
      applyRemoved([id], data.totalUnread);
      const rest = messages.filter((m) => m.id !== id);
      setMessages(rest);
      // Refill the page from the server (the next message moves up), or step back when it is empty.
      if (rest.length === 0 && page > 1) setPage(page - 1);
      else setReloads((n) => n + 1);
      heading.current?.focus();
    } catch {
      failed();
    } finally {
      setBusy(null);
    }
  };

  const readAll = async () => {
    setBusy('all');
    try {
      await markAllRead();
      setMessages((list) => markRead(list, null));
    } catch {
      failed();
    } finally {
      setBusy(null);
    }
  };

  const totalPages = meta?.totalPages ?? 1;
  return (
    <div className="card stack notifications" data-testid="notifications-page">
      <div className="notifications__head">
        <h2 className="card__title" ref={heading} tabIndex={-1}>
          {t('global-components.notifications.title')}
        </h2>
        <button
          type="button"
          className="link-button"
          disabled={!totalUnread || busy !== null}
          onClick={() => void readAll()}
        >
          {t('global-components.notifications.readAll')}
        </button>
      </div>
      {status === 'failed' ? (
        <p className="field__error" role="alert">
          {t('alerts.somethingWentWrong.text')}
        </p>
      ) : status === 'loading' && messages.length === 0 ? (
        <Skeleton lines={5} />
      ) : messages.length === 0 ? (
        <EmptyState icon="mail" text={t('global-components.notifications.empty')} />
      ) : (
        <ul className="notifications__list" aria-busy={status === 'loading'}>
          {messages.map((message) => (
            <li key={message.id}>
              <MessageItem
                message={message}
                actions={
                  <>
                    {message.state === MessageState.unread && (
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={busy !== null}
                        onClick={() => void read(message.id)}
                      >
                        {t('global-components.notifications.markRead')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy !== null}
                      aria-label={t('global-components.notifications.deleteNamed', { title: message.content.title })}
                      onClick={() => void remove(message.id)}
                    >
                      {t('global-components.notifications.delete')}
                    </button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav className="pager" aria-label={t('global-components.notifications.pages')}>
          <button
            type="button"
            className="button button--ghost"
            disabled={page <= 1 || status === 'loading'}
            onClick={() => setPage(page - 1)}
          >
            {t('global-components.notifications.previous')}
          </button>
          <span aria-live="polite">{t('global-components.notifications.pageOf', { page, total: totalPages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page >= totalPages || status === 'loading'}
            onClick={() => setPage(page + 1)}
          >
            {t('global-components.notifications.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
