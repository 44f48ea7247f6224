import { NavLink } from 'react-router';

/** The editor's three screens: definitions, codes, and the package with the switches. */
export function BonusTabs({ current }: { current: 'definitions' | 'codes' | 'packages' }) {
  const tabs = [
    { key: 'definitions', to: '/bonuses', label: 'Definitions' },
    { key: 'codes', to: '/bonuses/codes', label: 'Codes' },
    { key: 'packages', to: '/bonuses/packages', label: 'Welcome package and switches' },
  ] as const;
  return (
    <nav className="report-toolbar" aria-label="Bonus editor">
      {tabs.map((t) => (
        <NavLink
          key={t.key}
          to={t.to}
          end
          className={`button button--small${t.key === current ? ' button--primary' : ''}`}
          aria-current={t.key === current ? 'page' : undefined}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
