import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useSession } from '../../shared/session/session.ts';
import { Icon } from '../../shared/ui/icons.tsx';

/** The drawer's way to the quests hub (spec §2): for a signed-in player when quests are on. */
export function QuestsEntry() {
  const { t, root } = useI18n();
  const { player } = useSession();
  const modals = useModals();
  if (!root.site.questsEnabled || !player) return null;
  return (
    <button
      type="button"
      className="drawer__link drawer__quests"
      title={t('layout.nav.quests')}
      data-testid="quests-entry"
      onClick={() => modals.open('quests-hub')}
    >
      <Icon name="check" />
      <span className="drawer__label">{t('layout.nav.quests')}</span>
    </button>
  );
}
