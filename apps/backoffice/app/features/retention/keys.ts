/** Query keys of the retention editors: every change invalidates `retention` (lists and the one edited). */
export const retentionKeys = {
  all: ['retention'] as const,
  list: (kind: string, query: object) => ['retention', kind, 'list', query] as const,
  one: (kind: string, id: string) => ['retention', kind, id] as const,
  loyalty: ['retention', 'loyalty'] as const,
};

/** The editors by their address segment (`/retention/<kind>/<id>`). */
export const RETENTION_KINDS = {
  quests: 'Quests',
  tournaments: 'Tournaments',
  wheels: 'Wheels',
  loyalty: 'Loyalty',
} as const;
export type RetentionKind = keyof typeof RETENTION_KINDS;
export const kindOf = (value: string | null | undefined): RetentionKind =>
  value && value in RETENTION_KINDS ? (value as RetentionKind) : 'quests';
