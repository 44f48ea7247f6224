import { MessageReceivedEvent, PlayerChannel } from '@croupier/contracts';
import { useContext } from 'react';
import { usePlayerChannel } from '../realtime/index.ts';
import { MessengerLiveContext } from './messenger-context.tsx';

/**
 * `message.received` on `messenger:notifications#{id}` (api-contract §14.2), handed to the messenger.
 * Its own component so the payload's schema (and zod) load with the real-time listeners, after
 * hydration, not with the header bell (decision 0073).
 */
export function MessengerLiveUpdates() {
  const live = useContext(MessengerLiveContext);
  usePlayerChannel(
    PlayerChannel.notifications,
    (data: unknown) => {
      const parsed = MessageReceivedEvent.safeParse(data);
      if (parsed.success) live?.receive(parsed.data.message, parsed.data.invoiceId);
    },
    () => live?.resync(),
  );
  return null;
}
