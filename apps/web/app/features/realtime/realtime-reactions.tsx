import { PlayerChannel, PublicChannel } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/modal-host.tsx';
import { useModalRegistry } from '../../shared/modals/registry-context.tsx';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { betNoticeFor, maxBetType } from './bet-notices.ts';
import { getOpenGame } from './open-game.ts';
import { tournamentPrizeFor } from './tournament-alerts.ts';
import { usePlayerChannel, usePublicChannel } from './use-channel.ts';

/** game.bet.* on `game:bets#{id}`: a notice for the open game only (api-contract §14.2 list 3). */
function BetNotices() {
  const modals = useModals();
  const modalRegistry = useModalRegistry();
  usePlayerChannel(PlayerChannel.bets, (data: unknown) => {
    const notice = betNoticeFor(data, getOpenGame());
    if (!notice) return;
    if (notice.kind === 'restricted') {
      if (modalRegistry.has('restricted-bets')) modals.open('restricted-bets');
    } else if (modalRegistry.has('max-bets')) {
      modals.open('max-bets', maxBetType(notice.amount, notice.currency));
    }
  });
  return null;
}

/** tournament.completed on `tournaments`: an alert when this player won a prize (spec §8). */
function TournamentAlerts({ profileId }: { profileId: string }) {
  const t = useT();
  const toasts = useToasts();
  usePublicChannel(PublicChannel.tournaments, (data: unknown) => {
    const prize = tournamentPrizeFor(data, profileId);
    if (!prize) return;
    toasts.show({
      type: 'success',
      title: t('alerts.tournamentPrize.title'),
      description: t('alerts.tournamentPrize.text', {
        place: prize.place,
        title: prize.tournamentTitle,
        prize: prize.prizeTitle,
      }),
    });
  });
  return null;
}

/** `global:online`: logged-in players are present there (api-contract §14.2); nothing is handled. */
function OnlinePresence() {
  usePublicChannel(PublicChannel.online, () => {});
  return null;
}

/** The channel reactions that belong to no page: mounted once in the shell. */
export function RealtimeReactions() {
  const { player } = useSession();
  if (!player?.id) return null;
  return (
    <>
      <BetNotices />
      <TournamentAlerts profileId={player.id} />
      <OnlinePresence />
    </>
  );
}
