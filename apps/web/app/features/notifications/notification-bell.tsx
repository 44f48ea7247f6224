import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Skeleton } from '../../shared/ui/page.tsx';
import { useDisclosure } from '../../shared/ui/use-disclosure.ts';
import { MessageItem } from './message-item.tsx';
import { useMessenger } from './messenger-context.tsx';

function BellIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Header bell (logged in): unread badge and a popover with the newest three and "mark all read". */
export function NotificationBell() {
  const t = useT();
  const toasts = useToasts();
  const { totalUnread, latest, isLoading, markAllRead } = useMessenger();
  const { ref, open, setOpen } = useDisclosure();
  const button = useRef<HTMLButtonElement>(null);
  const [marking, setMarking] = useState(false);
  const popoverId = useId();
  const titleId = useId();
  const count = totalUnread ?? 0;

  const readAll = async () => {
    setMarking(true);
    try {
      await markAllRead();
    } catch {
      toasts.show({
        type: 'error',
        title: t('alerts.somethingWentWrong.title'),
        description: t('alerts.somethingWentWrong.text'),
      });
    } finally {
      setMarking(false);
    }
  };

  // Escape unmounts the popover and focus would fall to the page: give it back to the bell, in the same task
  // as the unmount (a layout effect), so that nothing ever sees the focus on the page's body.
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (wasOpen.current && !open && document.activeElement === document.body) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="lang bell" ref={ref}>
      <button
        ref={button}
        type="button"
        className="icon-button bell__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={popoverId}
        aria-label={
          count > 0
            ? t('global-components.notifications.bellUnread', { count })
            : t('global-components.notifications.bell')
        }
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
      >
        <BellIcon />
        {count > 0 && (
          <span className="bell__badge" data-testid="notification-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div id={popoverId} className="lang__menu bell__popover" role="dialog" aria-labelledby={titleId}>
          <div className="bell__head">
            <h2 id={titleId} className="bell__title">
              {t('global-components.notifications.title')}
            </h2>
            <button
              type="button"
              className="link-button"
              disabled={count === 0 || marking}
              onClick={() => void readAll()}
              data-testid="notifications-read-all"
            >
              {t('global-components.notifications.readAll')}
            </button>
          </div>
          {isLoading && latest.length === 0 ? (
            <Skeleton lines={3} />
          ) : latest.length === 0 ? (
            <p className="bell__empty">{t('global-components.notifications.empty')}</p>
          ) : (
            <ul className="bell__list">
              {latest.map((message) => (
                <li key={message.id}>
                  <MessageItem message={message} compact onFollowLink={close} />
                </li>
              ))}
            </ul>
          )}
          <LocalLink to="/profile/notifications" className="button button--ghost button--block" onClick={close}>
            {t('global-components.notifications.viewAll')}
          </LocalLink>
        </div>
      )}
    </div>
  );
}
