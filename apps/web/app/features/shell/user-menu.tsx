import { useId } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { displayNickname } from '../../shared/session/nickname.ts';
import { useSession } from '../../shared/session/session.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useDisclosure } from '../../shared/ui/use-disclosure.ts';

/** The logged-in player's menu: displayed nickname, a link to the account and sign out. */
export function UserMenu() {
  const t = useT();
  const { profile, logout } = useSession();
  const { ref, open, setOpen } = useDisclosure();
  const menuId = useId();
  const name = displayNickname(profile, t('global-components.account.unknown'));

  return (
    <div className="lang user-menu" ref={ref}>
      <button
        type="button"
        className="button button--ghost user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('global-components.account.menu', { name })}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="user" />
        <span className="user-menu__name">{name}</span>
      </button>
      {open && (
        <ul id={menuId} className="lang__menu" aria-label={t('global-components.account.menu', { name })}>
          <li>
            <LocalLink to="/profile/info" className="lang__item" onClick={() => setOpen(false)}>
              {t('layout.nav.profile')}
            </LocalLink>
          </li>
          <li>
            <button
              type="button"
              className="lang__item user-menu__logout"
              onClick={() => {
                setOpen(false);
                logout('user');
              }}
            >
              {t('global-components.account.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
