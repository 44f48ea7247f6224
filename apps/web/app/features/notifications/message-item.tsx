import { type Message, MessageState } from '@croupier/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { isExternalLink } from './messages.ts';

/** The message's link: http(s) in a new tab (api-contract §13), a site path in the current locale. */
function MessageLink({ url, label, onFollow }: { url: string; label: string; onFollow?: () => void }) {
  if (isExternalLink(url))
    return (
      <a className="message__link" href={url} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
        {label}
      </a>
    );
  return (
    <LocalLink className="message__link" to={url.startsWith('/') ? url : `/${url}`} onClick={onFollow}>
      {label}
    </LocalLink>
  );
}

/** One message: unread marker, title, body, date, link; `actions` adds the page's buttons. */
export function MessageItem({
  message,
  compact = false,
  actions,
  onFollowLink,
}: {
  message: Message;
  compact?: boolean;
  actions?: ReactNode;
  onFollowLink?: () => void;
}) {
  const { t, locale } = useI18n();
  const unread = message.state === MessageState.unread;
  const created = new Date(message.createdAt);
  const date = Number.isNaN(created.getTime())
    ? message.createdAt
    : created.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const { link, image } = message.content;
  return (
    <article className={`message${unread ? ' message--unread' : ''}${compact ? ' message--compact' : ''}`}>
      {image && !compact && <img className="message__image" src={image} alt="" width={64} height={64} loading="lazy" />}
      <div className="message__main">
        <h3 className="message__title">
          {unread && <span className="message__dot" aria-hidden="true" />}
          {unread && <span className="visually-hidden">{t('global-components.notifications.unread')} </span>}
          {message.content.title}
        </h3>
        <p className="message__body">{message.content.body}</p>
        <p className="message__meta">
          <time dateTime={message.createdAt}>{date}</time>
          {link && <MessageLink url={link.url} label={link.label} onFollow={onFollowLink} />}
        </p>
        {actions && <div className="message__actions">{actions}</div>}
      </div>
    </article>
  );
}
