import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useModals } from '../../shared/modals/modal-host.tsx';
import { useModalRegistry } from '../../shared/modals/registry-context.tsx';
import { useSession } from '../../shared/session/session.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { NotificationBell } from '../notifications/index.ts';
import { HeaderBalance } from '../wallet/index.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { UserMenu } from './user-menu.tsx';

export function Header({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const modals = useModals();
  const modalRegistry = useModalRegistry();
  return (
    <header className="header">
      <button
        type="button"
        className="icon-button header__menu"
        aria-label={t(drawerOpen ? 'layout.header.closeMenu' : 'layout.header.openMenu')}
        aria-expanded={drawerOpen}
        aria-controls="drawer"
        onClick={onToggleDrawer}
      >
        <Icon name={drawerOpen ? 'close' : 'menu'} />
      </button>
      <LocalLink to="/" className="logo" aria-label={t('layout.meta.siteName')}>
        <span className="logo__mark" aria-hidden="true">
          ♠
        </span>
        <span className="logo__text">{t('layout.meta.siteName')}</span>
      </LocalLink>
      <div className="header__spacer" />
      {isLoggedIn && <HeaderBalance />}
      <LanguageSwitcher />
      {isLoggedIn && <NotificationBell />}
      {isLoggedIn ? (
        <UserMenu />
      ) : modalRegistry.has('sign-in') ? (
        <div className="header__auth">
          <button type="button" className="button button--ghost header__sign-in" onClick={() => modals.open('sign-in')}>
            <span className="header__sign-in-icon" aria-hidden="true">
              <Icon name="user" />
            </span>
            <span className="header__sign-in-label">{t('layout.header.signIn')}</span>
          </button>
          <button type="button" className="button button--primary" onClick={() => modals.open('sign-up')}>
            {t('layout.header.signUp')}
          </button>
        </div>
      ) : null}
    </header>
  );
}
