import type { OutboundMessage } from '@croupier/contracts';

export type TextPart = { kind: 'text' | 'code' | 'link'; value: string };

/** http(s) links up to whitespace or a closing bracket/quote, and six-digit codes standing alone. */
const TOKENS = /(https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?])|(?<![\w/.-])(\d{6})(?![\w/-])/g;

/** Splits a message's text into plain runs, links and one-time codes, to highlight the last two. */
export function highlightParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: 'text', value: text.slice(last, at) });
    parts.push(match[1] ? { kind: 'link', value: match[1] } : { kind: 'code', value: match[2]! });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/** Newest first, whatever order they came in (the API already answers so). */
export const newestFirst = (messages: readonly OutboundMessage[]) =>
  [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

export const MAILBOX_LIMIT = 50;
