import { type Message, MessageState } from '@croupier/contracts';

/** The popover shows the newest three (spec §9); the page lists five at a time (api-contract §13). */
export const POPOVER_SIZE = 3;
export const PAGE_SIZE = 5;

const readNow = (message: Message, readAt: string): Message =>
  message.state === MessageState.read ? message : { ...message, state: MessageState.read, readAt };

/** Marks messages read the way the client does after a read call (api-contract §13): state 2, readAt now. */
export function markRead(messages: Message[], ids: ReadonlySet<string> | null, now = new Date()): Message[] {
  const readAt = now.toISOString();
  return messages.map((m) => (ids === null || ids.has(m.id) ? readNow(m, readAt) : m));
}

/** A new message: first in the popover, which keeps the newest three (spec §8). */
export const prependLatest = (latest: Message[], message: Message): Message[] =>
  [message, ...latest.filter((m) => m.id !== message.id)].slice(0, POPOVER_SIZE);

/** A link whose URL starts with http opens in a new tab (api-contract §13); others stay on the site. */
export const isExternalLink = (url: string): boolean => /^http/i.test(url);
