import { BonusListener } from '../bonuses/index.ts';
import { LiveChat } from '../livechat/index.ts';
import { LoyaltyListener } from '../loyalty/index.ts';
import { MessengerLiveUpdates } from '../notifications/index.ts';
import { InvoiceListener } from '../payment/index.ts';
import { QuestsListener } from '../quests/index.ts';
import { RealtimeConnector, RealtimeReactions } from '../realtime/index.ts';
import { WalletLiveUpdates } from '../wallet/index.ts';
import { WheelListener } from '../wheel/index.ts';

/**
 * The shell's real-time listeners: the connection and every channel the shell keeps, with the payload
 * schemas they parse. Loaded by LiveLayer after hydration (decision 0074); a new shell-wide listener goes here.
 */
export default function LiveListeners() {
  return (
    <>
      <WalletLiveUpdates />
      <InvoiceListener />
      <BonusListener />
      <LoyaltyListener />
      <QuestsListener />
      <WheelListener />
      <MessengerLiveUpdates />
      <RealtimeConnector />
      <RealtimeReactions />
      <LiveChat />
    </>
  );
}
