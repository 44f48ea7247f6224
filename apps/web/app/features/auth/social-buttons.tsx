import { useLocation } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { currentBackRoute, providerName, socialStartUrl } from './social.ts';

/**
 * One button per social connection (constants player.socialAuth). Each is a full-page navigation to
 * the server's redirect endpoint, carrying the current page as backRoute (api-contract §3.4).
 */
export function SocialButtons() {
  const { t, root } = useI18n();
  const location = useLocation();
  const connections = root.auth.social;
  if (connections.length === 0) return null;
  const backRoute = currentBackRoute(location.pathname, location.search);
  return (
    <div className="social">
      <p className="social__divider">
        <span>{t('global-components.auth.socialDivider')}</span>
      </p>
      <ul className="social__list">
        {connections.map((connection) => (
          <li key={connection}>
            <a className="button button--ghost button--block" href={socialStartUrl(connection, backRoute)}>
              {t('global-components.auth.socialContinue', { provider: providerName(connection) })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
