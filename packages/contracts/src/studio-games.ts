/**
 * The studio's game identities (also their seamless `gameId`). Zod-free on purpose: the studio UI imports
 * it at runtime, and its bundle must not carry zod. The type is StudioGameId (studio.ts).
 */
export const STUDIO_GAMES = ['neon-fruits', 'european-roulette', 'blackjack', 'dice', 'mines', 'plinko'] as const;
export const isStudioGame = (g: string): g is (typeof STUDIO_GAMES)[number] =>
  (STUDIO_GAMES as readonly string[]).includes(g);
