/** Set when the site runs as an installed app (`source=pwa` or standalone display), read at session start. */
export const PWA_FLAG_KEY = 'croupier:pwa';

/** Whether to send `{ pwaInstalled: true }` (spec §4): installed-app evidence and the profile says false. */
export function shouldReportPwa(input: {
  standalone: boolean;
  storedFlag: boolean;
  profilePwaInstalled: boolean;
  alreadySent: boolean;
}): boolean {
  return (input.standalone || input.storedFlag) && !input.profilePwaInstalled && !input.alreadySent;
}
