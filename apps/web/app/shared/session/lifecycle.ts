import type { Profile } from '@croupier/contracts';
import { PWA_FLAG_KEY, shouldReportPwa } from './pwa.ts';
import { browserApi } from './runtime.ts';
import { emitSessionChange } from './session-signal.ts';
import { safeStorage } from './storage.ts';

let pwaReported = false;

/**
 * Runs when a session starts in this tab: after a login or registration, and after the first load of
 * a stored session. Later issues hook in here.
 */
export function onSessionStarted(profile: Profile, setProfile: (profile: Profile) => void): void {
  // Accounts (spec §4 "accounts loaded") load in WalletProvider, which reacts to the session's player id.
  // Chat set-up and profile-dependent features hook in here too.
  reportInstalledApp(profile, setProfile);
  emitSessionChange('started');
}

/** Sends pwaInstalled once when the site runs as an installed app (spec §4); failures go to the console. */
function reportInstalledApp(profile: Profile, setProfile: (profile: Profile) => void): void {
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  const send = shouldReportPwa({
    standalone,
    storedFlag: safeStorage.get(PWA_FLAG_KEY) === '1',
    profilePwaInstalled: profile.pwaInstalled,
    alreadySent: pwaReported,
  });
  if (!send) return;
  pwaReported = true;
  browserApi()
    .player.updateProfile({ body: { pwaInstalled: true } })
    .then(({ data }) => setProfile(data))
    .catch((error: unknown) => console.error('pwaInstalled update failed', error));
}

/** Runs when the session ends in this tab. */
export function onSessionEnded(): void {
  pwaReported = false;
  // Listeners: payment clears the pending-invoice marker (spec §4), realtime reconnects as a guest.
  emitSessionChange('ended');
}
