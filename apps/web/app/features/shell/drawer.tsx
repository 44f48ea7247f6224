import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalNavLink } from '../../shared/i18n/link.tsx';
import { readPreferences, writePreferences } from '../../shared/preferences/preferences.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { InstallAppButton } from '../pwa/index.ts';
import { QuestsEntry } from '../quests/index.ts';
import { navItems } from './nav-items.ts';

/**
 * Side navigation: an off-canvas panel on small screens, a sidebar on wide ones whose compact state
 * is kept in local preferences (spec §3).
 */
export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, root } = useI18n();
  const location = useLocation();
  const [compact, setCompact] = useState(false);

  useEffect(() => setCompact(Boolean(readPreferences().drawerCompact)), []);
  // A navigation closes the mobile drawer.
  // runs on path change only
  useEffect(() => onClose(), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const toggleCompact = () => {
    const next = !compact;
    setCompact(next);
    writePreferences({ drawerCompact: next });
    document.documentElement.dataset.drawer = next ? 'compact' : 'full';
  };

  return (
    <>
      {open && <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />}
      <nav id="drawer" className={`drawer${open ? ' drawer--open' : ''}`} aria-label={t('layout.drawer.title')}>
        <ul className="drawer__list">
          {navItems(root.site).map((item) => (
            <li key={item.to}>
              <LocalNavLink to={item.to} end={item.to === '/'} className="drawer__link" title={t(item.labelKey)}>
                <Icon name={item.icon} />
                <span className="drawer__label">{t(item.labelKey)}</span>
              </LocalNavLink>
            </li>
          ))}
        </ul>
        <QuestsEntry />
        <InstallAppButton />
        <button
          type="button"
          className="drawer__compact"
          onClick={toggleCompact}
          aria-pressed={compact}
          aria-label={t(compact ? 'layout.drawer.expand' : 'layout.drawer.collapse')}
        >
          <Icon name={compact ? 'chevronRight' : 'chevronLeft'} />
          <span className="drawer__label">{t(compact ? 'layout.drawer.expand' : 'layout.drawer.collapse')}</span>
        </button>
      </nav>
    </>
  );
}
