import { useT } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useSession } from '../../shared/session/session.ts';
import { Skeleton } from '../../shared/ui/page.tsx';
import { useWallet } from '../wallet/index.ts';
import { Step, usePackages } from './welcome-package.tsx';
import './bonuses.css';

/** `?package-bonus=<packageId>` (spec §2): a package's deposit bonuses in order, and a deposit button. */
export function PackageBonusModal({ type, close, titleId }: ModalProps) {
  const t = useT();
  const modals = useModals();
  const { player } = useSession();
  const wallet = useWallet();
  const currency = player ? (wallet.active?.currency ?? null) : null;
  const load = usePackages(currency);
  if (load.state === 'loading' && currency) {
    return (
      <div className="modal-message" aria-busy="true">
        <h2 id={titleId} className="visually-hidden">
          {t('global-components.common.loading')}
        </h2>
        <Skeleton lines={4} />
      </div>
    );
  }
  const found = load.state === 'ready' ? load.packages.find((p) => p.bonus.package?.id === type) : undefined;
  if (!found || !currency) {
    return (
      <div className="modal-message">
        <h2 id={titleId}>{t('global-components.pages.welcomePackage')}</h2>
        <p>{t('global-components.empty.welcomePackage')}</p>
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('global-components.common.close')}
        </button>
      </div>
    );
  }
  return (
    <div className="stack">
      <h2 id={titleId}>{found.packageName}</h2>
      <ol className="bonus-list">
        {found.items.map((b, i) => (
          <Step key={b.id} bonus={b} index={i} currency={currency} />
        ))}
      </ol>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => modals.open('wallet', 'deposit')}
      >
        {t('global-components.bonuses.deposit')}
      </button>
    </div>
  );
}
