import { BonusListener } from '../bonuses/index.ts';
import { LoyaltyListener } from '../loyalty/index.ts';
import { MessengerLiveUpdates } from '../notifications/index.ts';
import { InvoiceListener } from '../payment/index.ts';
import { QuestsListener } from '../quests/index.ts';
import { RealtimeConnector, RealtimeReactions } from '../realtime/index.ts';
import { WalletLiveUpdates } from '../wallet/index.ts';
import { WheelListener } from '../wheel/index.ts';

/**
 * A logged-in player's shell-wide listeners: every one is on a player channel, and they bring the payload
 * schemas (and zod) with them, so a guest never loads this chunk (decision 0083). The connector comes
 * last: its effect runs after theirs, so their subscriptions exist before the connection opens.
 */
export default function PlayerListeners() {
  return (
    <>
      <WalletLiveUpdates />
      <InvoiceListener />
      <BonusListener />
      <LoyaltyListener />
      <QuestsListener />
      <WheelListener />
      <MessengerLiveUpdates />
      <RealtimeReactions />
      <RealtimeConnector />
    </>
  );
}
