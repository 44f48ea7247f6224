import { MessageReceivedEvent, PlayerChannel } from '@croupier/contracts';
import { useContext } from 'react';
import { usePlayerChannel } from '../realtime/index.ts';
import { MessengerReceiveContext } from './messenger-context.tsx';

/**
 * `message.received` on `messenger:notifications#{id}` (api-contract §14.2), handed to the messenger.
 * Its own component so the payload's schema (and zod) load with the real-time listeners, after
 * hydration, not with the header bell (decision 0073).
 */
export function MessengerLiveUpdates() {
  const receive = useContext(MessengerReceiveContext);
  usePlayerChannel(PlayerChannel.notifications, (data: unknown) => {
    const parsed = MessageReceivedEvent.safeParse(data);
    if (parsed.success) receive?.(parsed.data.message, parsed.data.invoiceId);
  });
  return null;
}
