import { PlayerChannel } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { usePlayerChannel } from '../realtime/index.ts';
import { reloadWheels } from './wheel-store.ts';

/** `retention:wheels#{playerId}` (api-contract §14.2): `wheel.spin.issued` alerts and refreshes the wheels. */
export function WheelListener() {
  const t = useT();
  const toasts = useToasts();
  usePlayerChannel(PlayerChannel.wheels, (data: { event?: string }) => {
    if (data?.event !== 'wheel.spin.issued') return;
    reloadWheels();
    toasts.show({
      type: 'success',
      title: t('alerts.wheelSpinsIssued.title'),
      description: t('alerts.wheelSpinsIssued.text'),
    });
  });
  return null;
}
