import { Link, type LinkProps, NavLink, type NavLinkProps } from 'react-router';
import { useI18n } from './i18n.tsx';

/** A link to a site path in the current locale. */
export function LocalLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const { href } = useI18n();
  return <Link to={href(to)} {...props} />;
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const { href } = useI18n();
  return <NavLink to={href(to)} {...props} />;
}
