import { LoyaltyAccount, PlayerChannel } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { getOpenGame, usePlayerChannel } from '../realtime/index.ts';
import { receiveAccount } from './loyalty-store.ts';

/** The level notice on a game page (spec §4 and §9: 3 seconds unless closed). */
export const LEVEL_NOTICE_MS = 3000;

/**
 * `retention:accounts#{playerId}` (api-contract §14.2): replaces the loyalty account; when the level's
 * order rose, opens the loyalty-level modal, or on a game page shows the level notice instead.
 */
export function LoyaltyListener() {
  const t = useT();
  const modals = useModals();
  const toasts = useToasts();
  usePlayerChannel(PlayerChannel.loyaltyAccounts, (data: unknown) => {
    const raw = data && typeof data === 'object' ? (data as { playerAccount?: unknown }).playerAccount : undefined;
    const parsed = LoyaltyAccount.safeParse(raw);
    if (!parsed.success) return;
    const before = receiveAccount(parsed.data);
    const rose = before === null ? false : parsed.data.currentLevel.order > before;
    const levelUp = (data as { event?: string }).event === 'account.level.updated' && (before === null || rose);
    if (!levelUp) return;
    if (getOpenGame()) {
      toasts.show({
        type: 'success',
        title: t('alerts.loyaltyLevelUp.title'),
        description: t('alerts.loyaltyLevelUp.text', { level: parsed.data.currentLevel.name }),
        durationMs: LEVEL_NOTICE_MS,
      });
    } else {
      modals.open('loyalty-level');
    }
  });
  return null;
}
