import { BonusCode, BonusCodeStatus, PlayerBonus, PlayerChannel, PlayerFreespin } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { usePlayerChannel } from '../realtime/index.ts';
import { bonusAlertFor } from './bonus-rules.ts';
import { receiveBonus } from './bonus-store.ts';
import { wasCodeHandledHere } from './code-events.ts';

const field = (data: unknown, key: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;

/**
 * `bonus:player-bonuses#{id}` and `bonus:player-bonus-codes#{id}` (api-contract §14.2): an alert per
 * status-result pair, the live list refreshed after 500 ms, and the code alerts (3 incorrect, 4 not
 * available). Mounted once in the shell; subscribes only for a signed-in player (the live list clears
 * itself when the session ends).
 */
export function BonusListener() {
  const t = useT();
  const toasts = useToasts();

  usePlayerChannel(PlayerChannel.playerBonuses, (data: unknown) => {
    const parsed = PlayerBonus.safeParse(field(data, 'playerBonus'));
    if (!parsed.success) return;
    const bonus = parsed.data;
    receiveBonus(bonus);
    const alert = bonusAlertFor(bonus);
    if (!alert) return;
    toasts.show({
      type: alert.type,
      title: t(`alerts.${alert.key}.title`),
      description: t(`alerts.${alert.key}.text`),
    });
  });

  // New free spins: an alert naming the game (its name from the catalogue; a failed lookup only logs).
  usePlayerChannel(PlayerChannel.playerFreespins, (data: unknown) => {
    const parsed = PlayerFreespin.safeParse(field(data, 'playerFreespin'));
    if (!parsed.success || field(data, 'event') !== 'player.freespin.created') return;
    const spin = parsed.data;
    browserApi()
      .game.game({ params: { idOrIdentity: spin.gameId } })
      .then(
        ({ data: game }) =>
          toasts.show({
            type: 'success',
            title: t('alerts.freeSpinsReceived.title', { count: spin.count }),
            description: t('alerts.freeSpinsReceived.text', { game: game.name }),
          }),
        (error: unknown) => console.error('free-spin alert: game lookup failed', error),
      );
  });

  usePlayerChannel(PlayerChannel.bonusCodes, (data: unknown) => {
    const parsed = BonusCode.safeParse(field(data, 'playerBonusCode'));
    if (!parsed.success) return;
    const code = parsed.data;
    if (wasCodeHandledHere(code.bonusCode)) return;
    const key =
      code.status === BonusCodeStatus.incorrect
        ? 'bonusCodeIncorrect'
        : code.status === BonusCodeStatus.notAvailable
          ? 'bonusCodeNotAvailable'
          : null;
    if (!key) return;
    toasts.show({ type: 'error', title: t(`alerts.${key}.title`), description: t(`alerts.${key}.text`) });
  });
  return null;
}
