/** Whether to send `{ pwaInstalled: true }` (spec §4): installed-app evidence and the profile says false. */
export function shouldReportPwa(input: {
  standalone: boolean;
  storedFlag: boolean;
  profilePwaInstalled: boolean;
  alreadySent: boolean;
}): boolean {
  return (input.standalone || input.storedFlag) && !input.profilePwaInstalled && !input.alreadySent;
}
