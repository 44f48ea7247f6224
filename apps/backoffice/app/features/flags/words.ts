import type { FlagKind, InteractionAction } from '@croupier/contracts';

/** Each flag kind as staff read it (decision 0114's kinds), and what it means. */
export const FLAG_KINDS: Record<FlagKind, { label: string; explanation: string }> = {
  limit_near: { label: 'Near a limit', explanation: '80 % of a bet, loss or deposit limit used in its window.' },
  limit_raised: { label: 'Limit raised', explanation: 'A limit raised or removed, or a request to raise it.' },
  loss_chasing: { label: 'Loss chasing', explanation: 'Net losses rising over consecutive days.' },
  long_session: { label: 'Long session', explanation: 'A session of play over the set length.' },
  night_play: { label: 'Night play', explanation: 'Play in the small hours (UTC).' },
  deposits_declined: { label: 'Declined deposits', explanation: 'Deposits declined repeatedly.' },
  exclusion_ended: { label: 'Exclusion ended', explanation: 'A cooling-off or self-exclusion ended.' },
  cycling: { label: 'Cycling', explanation: 'A deposit withdrawn again with little play.' },
  shared_instrument: { label: 'Shared instrument', explanation: 'One payment instrument on many accounts.' },
  shared_device: { label: 'Shared device', explanation: 'One device on many accounts.' },
  large_deposit: { label: 'Large deposit', explanation: "A deposit far above the player's usual." },
};

export const flagKindLabel = (kind: string): string => FLAG_KINDS[kind as FlagKind]?.label ?? kind.replace(/_/g, ' ');

export const ACTIONS: { value: InteractionAction; label: string }[] = [
  { value: 'message', label: 'Message sent' },
  { value: 'call', label: 'Phone call' },
  { value: 'email', label: 'E-mail' },
  { value: 'limit_lowered', label: 'Limit lowered' },
  { value: 'block', label: 'Block' },
  { value: 'self_exclusion', label: 'Self-exclusion' },
  { value: 'none', label: 'No action (say why)' },
];

export const actionLabel = (action: string): string => ACTIONS.find((a) => a.value === action)?.label ?? action;

/**
 * The evidence keys in the order a person reads them: which limit and its window, what was asked, the amounts.
 * The stored evidence is jsonb, whose keys come back shortest first ("to" before "from"); others follow as given.
 */
const EVIDENCE_ORDER = [
  'limit',
  'exclusion',
  'period',
  'currency',
  'action',
  'from',
  'to',
  'amount',
  'used',
  'average',
  'deposits',
  'deposited',
  'staked',
  'day',
  'netLoss',
  'nightBets',
  'declined',
  'startedAt',
  'lastAt',
  'hours',
  'endedAt',
  'invoiceId',
];
const rank = (key: string) => {
  const i = EVIDENCE_ORDER.indexOf(key);
  return i === -1 ? EVIDENCE_ORDER.length : i;
};

const SNAKE = /^[a-z]+(?:_[a-z]+)+$/;

function evidenceValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  // A code word ("increase_requested") as words.
  return SNAKE.test(text) ? text.replace(/_/g, ' ') : text;
}

/** A flag's evidence as label–value pairs, in reading order: keys and code words as words, objects as compact JSON. */
export function evidenceRows(evidence: Record<string, unknown>): [string, string][] {
  return Object.entries(evidence)
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.i - b.i)
    .map(({ entry: [key, value] }) => [
      key
        .replace(/[_-]+/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase()),
      evidenceValue(value),
    ]);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A flag's window ("<limit id>:<day>") for reading: ids shortened, parts apart. The whole stays in the title. */
export const windowText = (window: string): string =>
  window.replace(UUID, (id) => `${id.slice(0, 8)}…`).replace(/:(?!\d{2}(?::|\.|Z|$))/g, ' · ');
