import { useT } from '../i18n/i18n.tsx';
import { useModals } from '../modals/modal-host.tsx';
import { useModalRegistry } from '../modals/registry-context.tsx';
import type { IconName } from './icons.tsx';
import { EmptyState } from './page.tsx';

/** A guest's view of a player-only page: what it is for, and a way in once sign-in exists. */
export function SignInPrompt({ icon, textKey }: { icon: IconName; textKey: string }) {
  const t = useT();
  const modals = useModals();
  const modalRegistry = useModalRegistry();
  return (
    <EmptyState
      icon={icon}
      text={t(textKey)}
      action={
        modalRegistry.has('sign-in') ? (
          <button type="button" className="button button--primary" onClick={() => modals.open('sign-in')}>
            {t('global-components.common.signIn')}
          </button>
        ) : undefined
      }
    />
  );
}
