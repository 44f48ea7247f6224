import type { PaginationMeta, Session } from '@croupier/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { readAccessToken } from '../../shared/session/cookie.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { sessionIdOf } from '../../shared/session/token.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';

export const SESSIONS_PER_PAGE = 10;

/** Replaces one row by the server's answer (PUT .../close returns the closed session, api-contract §3.5). */
export const replaceSession = (rows: readonly Session[], next: Session) =>
  rows.map((row) => (row.sessionId === next.sessionId ? next : row));

/** The player's sessions with "load more"; the current one (JWT sessionId) is marked, others can be closed. */
export function SessionsList() {
  const { t, locale } = useI18n();
  const [rows, setRows] = useState<Session[]>([]);
  const [meta, setMeta] = useState<PaginationMeta | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [closing, setClosing] = useState<string | null>(null);
  const [notice, setNotice] = useState<'closed' | 'failed' | null>(null);
  const [current, setCurrent] = useState<string | null>(null);

  const load = useCallback(async (page: number) => {
    setState('loading');
    try {
      const answer = await browserApi().player.sessions({ query: { page, perPage: SESSIONS_PER_PAGE } });
      setRows((prev) => (page === 1 ? answer.data : [...prev, ...answer.data]));
      setMeta(answer.meta);
      setState('ready');
    } catch {
      setState('failed');
    }
  }, []);

  useEffect(() => {
    setCurrent(sessionIdOf(readAccessToken()));
    void load(1);
  }, [load]);

  const close = async (id: string) => {
    setClosing(id);
    setNotice(null);
    try {
      const { data } = await browserApi().player.closeSession({ params: { id } });
      setRows((prev) => replaceSession(prev, data));
      setNotice('closed');
    } catch {
      setNotice('failed');
    } finally {
      setClosing(null);
    }
  };

  const date = (value: string) => {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  };

  return (
    <section className="card stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card__title">
        {t('global-components.security.sessionsTitle')}
      </h2>
      {notice === 'closed' && (
        <Alert tone="success" title={t('alerts.sessionClosed.title')} text={t('alerts.sessionClosed.text')} />
      )}
      {(notice === 'failed' || state === 'failed') && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      <ul className="session-list">
        {rows.map((row) => {
          const isCurrent = row.sessionId === current;
          return (
            <li key={row.sessionId} className="session-list__item">
              <div className="session-list__info">
                <p className="session-list__device">
                  {row.deviceType || t('global-components.security.unknownDevice')}
                  {row.country ? ` · ${row.country}` : ''}
                </p>
                <p className="muted session-list__agent">{row.userAgent}</p>
                <p className="muted">{t('global-components.security.started', { date: date(row.createdAt) })}</p>
              </div>
              {isCurrent ? (
                <span className="badge badge--success">{t('global-components.security.current')}</span>
              ) : row.closedAt ? (
                <span className="badge badge--muted">
                  {t('global-components.security.closedAt', { date: date(row.closedAt) })}
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={closing === row.sessionId}
                  onClick={() => close(row.sessionId)}
                >
                  {t('global-components.security.close')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {state === 'loading' && <Skeleton lines={3} />}
      {state === 'ready' && rows.length === 0 && <p className="muted">{t('global-components.security.none')}</p>}
      {meta && meta.page < meta.totalPages && state !== 'loading' && (
        <button type="button" className="button button--ghost button--block" onClick={() => load(meta.page + 1)}>
          {t('global-components.common.loadMore')}
        </button>
      )}
    </section>
  );
}
