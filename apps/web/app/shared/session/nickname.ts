/** The name shown for a player (spec §3): nickname, else the e-mail before '@', else the fallback. */
export function displayNickname(
  profile: { nickname?: string | null; email?: string | null } | null | undefined,
  fallback: string,
): string {
  const nickname = profile?.nickname?.trim();
  if (nickname) return nickname;
  const local = profile?.email?.split('@')[0]?.trim();
  return local || fallback;
}
