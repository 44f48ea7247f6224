import type { OutboundMessage } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { highlightParts } from './mailbox.ts';

/** One captured message: the text with its codes and links marked, and an e-mail's HTML in an inert frame. */
export function MessageCard({ message }: { message: OutboundMessage }) {
  const { t, locale } = useI18n();
  const date = new Date(message.createdAt);
  const when = Number.isNaN(date.getTime())
    ? message.createdAt
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const subject = message.subject || t('global-components.devMailbox.noSubject');
  return (
    <article className="card stack mail" data-channel={message.channel}>
      <header className="mail__head">
        <span className={`badge ${message.channel === 'email' ? 'badge--info' : 'badge--warning'}`}>
          {t(`global-components.devMailbox.${message.channel}`)}
        </span>
        <span className="mail__to">{t('global-components.devMailbox.to', { to: message.to })}</span>
        <time className="muted" dateTime={message.createdAt}>
          {when}
        </time>
      </header>
      {message.channel === 'email' && <h2 className="card__title">{subject}</h2>}
      <p className="mail__text">
        {highlightParts(message.text).map((part, i) =>
          part.kind === 'link' ? (
            <a key={i} href={part.value} target="_blank" rel="noopener noreferrer">
              {part.value}
            </a>
          ) : part.kind === 'code' ? (
            <mark key={i} className="mail__code">
              {part.value}
            </mark>
          ) : (
            <span key={i}>{part.value}</span>
          ),
        )}
      </p>
      {message.html && (
        <details className="mail__html" open>
          <summary>{t('global-components.devMailbox.htmlVersion')}</summary>
          <iframe
            className="mail__frame"
            title={t('global-components.devMailbox.frameTitle', { subject })}
            sandbox=""
            srcDoc={message.html}
            referrerPolicy="no-referrer"
          />
        </details>
      )}
    </article>
  );
}
