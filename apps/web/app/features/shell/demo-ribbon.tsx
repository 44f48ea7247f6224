import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root-data.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import './demo-ribbon.css';

/**
 * The `npm start` demo's mark on every page (docs/decisions/0037): its mailbox and "sign in as anyone" are
 * open to whoever reaches it, so nobody should mistake it for a real casino. A landmark of its own above
 * the header, so it never covers a control.
 */
export function DemoRibbon() {
  const t = useT();
  const demo = useRouteLoaderData<RootData>('root')?.demo ?? false;
  if (!demo) return null;
  return (
    <aside className="demo-ribbon" data-testid="demo-ribbon" aria-label={t('global-components.common.demoRibbon')}>
      <strong className="demo-ribbon__label">{t('global-components.common.demoRibbon')}</strong>{' '}
      {t('global-components.common.demoRibbonNote')}
    </aside>
  );
}
