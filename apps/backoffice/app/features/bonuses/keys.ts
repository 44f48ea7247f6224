/** Query keys of the bonuses editor: every change invalidates `bonuses` (definitions, codes, packages, settings). */
export const bonusKeys = {
  all: ['bonuses'] as const,
  list: (query: object) => ['bonuses', 'list', query] as const,
  codes: (query: object) => ['bonuses', 'codes', query] as const,
  packages: ['bonuses', 'packages'] as const,
  issuing: ['bonuses', 'issuing'] as const,
  turnOver: ['bonuses', 'turn-over'] as const,
  choices: ['bonuses', 'choices'] as const,
};
